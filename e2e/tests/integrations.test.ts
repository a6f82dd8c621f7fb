import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { baseUrl, demo, launchForFile, signIn } from '../support/browser';
import { apiToken, visibleSites } from '../support/locations';

const browser = launchForFile();

const run = Date.now().toString(36);

/** A property's first page of locations, asked for with an API key: the status code it answers. */
async function locationsPageWith(key: string, siteID: number): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/Locations/GetLocationsPage?siteID=${siteID}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await res.body?.cancel();
  return res.status;
}

describe('Integrations', () => {
  it('[SITE OWNER] makes an API key for one property, sees it once, the key reads that property only, and revoking it stops it', async () => {
    const ownerSites = await visibleSites(await apiToken(demo.owner));
    const pineLake = ownerSites.find((site) => site.sitePublicName === 'Pine Lake RV Resort')!;
    const elsewhere = (await visibleSites(await apiToken(demo.admin))).find(
      (site) => site.fk_BusEntityID !== pineLake.fk_BusEntityID,
    )!;
    expect(pineLake).toBeDefined();
    expect(elsewhere).toBeDefined();

    const page = await browser.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(page, demo.owner);
    await page.waitForURL(`**${demo.owner.home}`);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL('**/Integrations');
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'New API key' }).first().click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.waitFor();
    const name = `PMS ${run}`;
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Properties' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Pine Lake RV Resort', exact: true }).click();
    await form.getByRole('checkbox', { name: /^locations:read/ }).check();
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    await shown.getByText('Copy it now: it will not be shown again.', { exact: false }).waitFor();
    const field = shown.getByRole('textbox', { name: 'API key' });
    const key = await field.inputValue();
    expect(key).toMatch(/^mpk_[\w-]{20,}$/);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('The key is on the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });

    // the list keeps only the key's prefix
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const prefix = (await row.getByRole('cell').nth(1).textContent())!.replace('…', '');
    expect(key.startsWith(prefix)).toBe(true);
    expect(await row.textContent()).toContain('Pine Lake RV Resort');
    expect(await row.textContent()).toContain('Never');
    expect(await row.textContent()).toContain('Active');
    expect(await page.content()).not.toContain(key);
    expect(await seriousViolations(page)).toEqual([]);

    // the key reads its property, and nothing of another business
    expect(await locationsPageWith(key, pineLake.siteID)).toBe(200);
    expect(await locationsPageWith(key, elsewhere.siteID)).toBe(403);

    await row.getByRole('button', { name: `Revoke the key ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The API key has been revoked.').waitFor();
    await row.getByText('Revoked').waitFor();
    // its last use is listed, and nothing is left to revoke
    expect(await row.textContent()).not.toContain('Never');
    expect(await row.getByRole('button', { name: `Revoke the key ${name}` }).isDisabled()).toBe(true);

    expect(await locationsPageWith(key, pineLake.siteID)).toBe(401);
    await page.context().close();
  });
});
