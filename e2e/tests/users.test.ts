import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, demo, launchForFile, mailedLink, signIn } from '../support/browser';

const browser = launchForFile();

const run = Date.now().toString(36);

async function openUserList(page: Page, account: { email: string; password: string; home: string }) {
  await signIn(page, account);
  await page.waitForURL(`**${account.home}`);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Manage Users' }).click();
  await page.waitForURL('**/UserList');
  await page.getByRole('heading', { name: 'Manage Users' }).waitFor();
  await page.getByRole('table').waitFor();
}

/** Picks options of a Mantine select (the dropdown lists them as options). */
async function choose(page: Page, label: string, ...options: string[]) {
  const dialog = page.getByRole('dialog');
  for (const option of options) {
    await dialog.getByLabel(label).click();
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  }
}

async function columnHeaders(page: Page): Promise<string[]> {
  return (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim());
}

/** Signs in through the API (for set-up only) and answers the bearer token. */
async function apiToken(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/Account/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: account.email, Password: account.password }),
  });
  return ((await res.json()) as { result: { token: string } }).result.token;
}

async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { result: T }).result;
}

describe('Manage Users', () => {
  it('[ADMINISTRATOR] creates a Site Manager for two properties', async () => {
    const page = await browser.newPage();
    await openUserList(page, demo.admin);
    expect(await columnHeaders(page)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Business',
      'Properties',
      'Role',
      'Active',
      'Actions',
    ]);
    // sorted by Last Name ascending at first
    const lastNames = await page.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Is Active?').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Please Select a Role',
      'Please Select a Business Entity',
      'Please provide First Name',
      'Please provide Last Name',
      'Please provide valid email',
    ]) {
      await dialog.getByText(message).waitFor();
    }

    await choose(page, 'Select Role', 'Site Manager');
    await choose(page, 'Select Business', 'Harbor & Dock Holdings');
    await choose(page, 'Select Properties', 'Bayfront Marina');
    // switching away from Site Manager clears the properties
    await choose(page, 'Select Role', 'Site Owner');
    expect(await dialog.getByLabel('Select Properties').count()).toBe(0);
    await choose(page, 'Select Role', 'Site Manager');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please Select Properties').waitFor();
    await choose(page, 'Select Properties', 'Bayfront Marina', 'Sound Harbor Marina');

    const email = `nia.${run}@example.com`;
    await dialog.getByLabel('First Name').fill('Nia');
    await dialog.getByLabel('Last Name').fill('Newman');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Cell Phone').pressSequentially('5551234567');
    expect(await dialog.getByLabel('Cell Phone').inputValue()).toBe('(555) 123-4567');
    await dialog.getByLabel('Business Phone', { exact: true }).pressSequentially('555765');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please provide a valid Office Phone').waitFor();
    await dialog.getByLabel('Business Phone', { exact: true }).pressSequentially('4321');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await page.getByText('User created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByLabel('Search').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Harbor & Dock Holdings');
    expect(await row.textContent()).toContain('Bayfront Marina, Sound Harbor Marina');
    expect(await row.textContent()).toContain('Site Manager');
    // an Administrator views a Site Manager read-only
    await row.getByRole('button', { name: 'View User: Nia Newman' }).click();
    const view = page.getByRole('dialog', { name: 'View User - Nia Newman' });
    await view.waitFor();
    expect(await view.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.context().close();

    expect(await mailedLink(email)).toMatch(/^\/auth\/set-password\/[\w-]+$/);
  });

  it('[SITE OWNER] creates a Site Manager and cannot choose Administrator', async () => {
    const page = await browser.newPage();
    await openUserList(page, demo.owner);
    expect(await columnHeaders(page)).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Properties',
      'Role',
      'Active',
      'Actions',
    ]);

    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Select Role').click();
    expect((await page.getByRole('listbox').getByRole('option').allTextContents()).map((t) => t.trim())).toEqual([
      'Site Manager',
    ]);
    await page.getByRole('option', { name: 'Site Manager' }).click();
    expect(await dialog.getByLabel('Select Business').count()).toBe(0);
    await dialog.getByLabel('Select Properties').click();
    // the owner's properties arrive from the server: wait for them before reading the list
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    expect((await page.getByRole('listbox').getByRole('option').allTextContents()).map((t) => t.trim()).sort()).toEqual(
      ['Canyon View Campground', 'Gulf Breeze RV Park', 'Pine Lake RV Resort'],
    );
    await page.getByRole('option', { name: 'Gulf Breeze RV Park' }).click();

    const email = `omar.${run}@example.com`;
    await dialog.getByLabel('First Name').fill('Omar');
    await dialog.getByLabel('Last Name').fill('Ortiz');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Business Phone Ext').fill('12a');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Extension must be digits only, up to 10.').waitFor();
    await dialog.getByLabel('Business Phone Ext').fill('120');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User created successfully').waitFor();

    await page.getByLabel('Search').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    expect(await row.textContent()).toContain('Gulf Breeze RV Park');
    await row.getByRole('button', { name: 'Manage User: Omar Ortiz' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User - Omar Ortiz' });
    await edit.waitFor();
    expect(await edit.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await edit.getByRole('switch', { name: 'Is Active?' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User updated successfully').waitFor();
    await row.getByText('Inactive').waitFor();

    // a second account with the same address is refused with the server's message
    await page.getByRole('button', { name: 'Create User' }).click();
    const again = page.getByRole('dialog', { name: 'Add User' });
    await choose(page, 'Select Role', 'Site Manager');
    await choose(page, 'Select Properties', 'Pine Lake RV Resort');
    await again.getByLabel('First Name').fill('Omar');
    await again.getByLabel('Last Name').fill('Again');
    await again.getByLabel('Email').fill(email.toUpperCase());
    await again.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Error: An account with this email already exists.').waitFor();
    await page.context().close();
  });

  it('[SITE OWNER] manages users on a 375 px phone', async () => {
    const page = await browser.signedIn(demo.owner, { width: 375, height: 740 });
    await page.goto('/UserList');
    await page.getByRole('table').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please provide First Name').waitFor();
    const box = await dialog.getByLabel('First Name').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('[SITE MANAGER] gets the 401 page', async () => {
    const page = await browser.signedIn(demo.manager);
    await page.goto('/UserList');
    await page.getByText('OOPS! You are not authorize to access this page.').waitFor();
    expect(await page.getByRole('button', { name: 'Create User' }).count()).toBe(0);
    await page.context().close();
    const res = await fetch(`${baseUrl()}/api/Account/GetAllUserAccounts`, {
      headers: { authorization: `Bearer ${await apiToken(demo.manager)}` },
    });
    expect(res.status).toBe(403);
  });

  it('[NEW USER] follows the mailed link, sets a password and signs in', async () => {
    const token = await apiToken(demo.owner);
    const me = await apiGet<{ userAccountID: number; busEntityID: number }>('me', token);
    const properties = await apiGet<Array<{ id: number }>>(
      `GetAllSitesLookupByUserAccountID?userAccountID=${me.userAccountID}`,
      token,
    );
    const email = `pat.${run}@example.com`;
    const created = await fetch(`${baseUrl()}/api/Account/CreateUserAccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        busEntityID: me.busEntityID,
        siteIDs: [properties[0]!.id],
        contact: { email, firstName: 'Pat', lastName: 'Newcomer' },
        roles: [{ roleID: 3 }],
      }),
    });
    expect(created.status).toBe(200);

    const page = await browser.newPage();
    await page.goto(await mailedLink(email));
    await page.getByLabel('Password', { exact: true }).fill('Newcomer#2026');
    await page.getByLabel('Confirm Password').fill('Newcomer#2026');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Your password has been set. You can sign in now.').waitFor();
    await signIn(page, { email, password: 'Newcomer#2026' });
    await page.waitForURL('**/MySites');
    await page.context().close();
  });
});
