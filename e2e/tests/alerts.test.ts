import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { demo, launchForFile } from '../support/browser';

const browser = launchForFile();

async function alertsPage(account: (typeof demo)[keyof typeof demo]): Promise<Page> {
  const page = await browser.signedIn(account);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Alerts' }).click();
  await page.waitForURL('**/Alerts');
  await page.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
  return page;
}

describe('alerts', () => {
  it('[SITE MANAGER] acknowledges an alert with a note, then resolves it; each state shows who and when', async () => {
    const page = await alertsPage(demo.manager);
    const table = page.getByRole('table', { name: 'Alerts' });
    // the oldest open alert of the page: the newest are the simulated meters' passing ones (refused
    // messages, glitches), which the server may resolve on its own before the click
    const oldest = table.locator('tbody tr[data-alert-id]').last();
    await oldest.waitFor();
    const id = await oldest.getAttribute('data-alert-id');
    const row = table.locator(`tr[data-alert-id="${id}"]`);

    await row.getByRole('button', { name: 'Acknowledge' }).click();
    const ack = page.getByRole('dialog', { name: 'Acknowledge alerts' });
    await ack.getByRole('textbox', { name: 'Note (optional)' }).fill('Valve closed, plumber called');
    await ack.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByText('Alerts acknowledged: 1').waitFor();
    // still unresolved: listed by default, now acknowledged, with the note
    await expect.poll(() => row.textContent()).toContain('Acknowledged by');
    expect(await row.textContent()).toContain('Note: Valve closed, plumber called');

    await row.getByRole('button', { name: 'Resolve' }).click();
    const resolve = page.getByRole('dialog', { name: 'Resolve alerts' });
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await page.getByText('Alerts resolved: 1').waitFor();
    await row.waitFor({ state: 'detached' });

    await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Resolved' });
    await page.waitForURL('**/Alerts?state=resolved');
    await expect.poll(() => row.textContent()).toContain('Resolved by');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('[SITE OWNER] chooses how to hear of each type and severity, and the choice is kept', async () => {
    const page = await browser.signedIn(demo.owner);
    await page.goto('/profile#alert-notifications');
    const choice = page.getByRole('combobox', { name: 'Delivery of Leak alerts, Warning' });
    await choice.selectOption({ label: 'E-mail now' });
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await page.getByText('Your notification choices have been saved.').first().waitFor();
    await page.reload();
    await expect.poll(() => choice.inputValue()).toBe('now');
    await page.context().close();
  });
});
