import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../../apps/api/src/db/seed/demo-users';
import type { Download, Locator, Page } from 'playwright-core';
import { demo, launchForFile } from '../support/browser';
import { seriousViolations } from '../support/axe';

const browser = launchForFile();

const headers = async (table: Locator) => (await table.locator('thead th').allTextContents()).map((t) => t.trim());

/** The text of one column on the page shown, line breaks kept (the guest cell holds name and phone). */
async function column(table: Locator, name: string): Promise<string[]> {
  const index = (await headers(table)).indexOf(name);
  expect(index, name).toBeGreaterThanOrEqual(0);
  return table
    .locator(`tbody tr td:nth-child(${index + 1})`)
    .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).innerText.trim()));
}

/** "Showing 1 to 25 of 312" → 312. */
async function matchingRows(page: Page): Promise<number> {
  const text = (await page.getByText(/^Showing \d+ to \d+ of \d+$/).textContent()) ?? '';
  return Number(/of (\d+)$/.exec(text)?.[1]);
}

async function download(page: Page, button: string): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  expect(await file.failure(), button).toBeNull();
  return file;
}

/** One CSV line's cells ("" inside a quoted cell is a quote). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

/** A downloaded CSV: UTF-8 with a byte-order mark, CRLF lines. */
function csvRows(file: string): string[][] {
  const text = readFileSync(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text.slice(1).trimEnd().split('\r\n').map(csvCells);
}

/** The History tab of /Transaction narrowed to a period of the filter ('All', 'Last 30 Days' …), once its table shows. */
async function historyOf(page: Page, period: string): Promise<Locator> {
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByRole('textbox', { name: 'Select Filter' }).click();
  await page.getByRole('option', { name: period }).click();
  const history = page.getByRole('table', { name: 'History' });
  await history.waitFor();
  return history;
}

const today = /\d{4}-\d{2}-\d{2}/.source;

describe('transactions', () => {
  it('[SITE OWNER] sees current visits and the history with its filter', async () => {
    const page = await browser.signedIn(demo.owner);
    await page.goto('/Transaction');
    await page.getByRole('tab', { name: 'Current Visits' }).waitFor();
    const current = page.getByRole('table', { name: 'Current Visits' });
    await current.waitFor();
    expect(await headers(current)).toEqual([
      'Property',
      'Location',
      'Guest',
      'Check In Date',
      'Usage',
      'Total',
      'Checked In By',
    ]);
    // each visit's running statement, in its property's currency
    expect((await column(current, 'Total')).every((total) => /^\$[\d,]+\.\d{2}$/.test(total))).toBe(true);
    expect(await current.locator('thead th').nth(3).getAttribute('aria-sort')).toBe('ascending');
    expect((await column(current, 'Guest')).every((guest) => /^\S.*\n\(\d{3}\) \d{3}-\d{4}$/.test(guest))).toBe(true);
    expect((await column(current, 'Checked In By')).every((name) => name.length > 0)).toBe(true);
    const csv = await download(page, 'Export to CSV');
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^Transactions_CurrentVisits_${today}\\.csv$`));
    expect(csvRows(await csv.path())[0]).toEqual([
      'Property',
      'Location',
      'Guest',
      'Guest Phone',
      'Check In Date (property time)',
      'Property Time Zone',
      'Usage (kWh)',
      'Estimated',
      'Checked In By',
    ]);

    const history = await historyOf(page, 'All');
    expect(await headers(history)).toEqual([
      'Property',
      'Location',
      'Guest',
      'Check In Date',
      'Check Out Date',
      'Usage',
      'Total',
      'Checked In By',
      'Checked Out By',
    ]);
    expect(await history.locator('thead th').nth(4).getAttribute('aria-sort')).toBe('descending');
    const rows = await history.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(25);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('[SITE MANAGER] sees who checked each stay in and out, finds a guest by name and exports what the table shows', async () => {
    const page = await browser.signedIn(demo.manager);
    await page.goto('/Transaction');
    const history = await historyOf(page, 'Last 30 Days');

    // The demo's staff checked the guests in (the other flows among them); a check-out is a staff member's or automatic.
    const staff = demoAccounts.map((a) => `${a.firstName} ${a.lastName}`);
    const checkedIn = await column(history, 'Checked In By');
    expect(checkedIn.length).toBeGreaterThan(0);
    expect(checkedIn.filter((name) => !staff.includes(name))).toEqual([]);
    const checkedOut = await column(history, 'Checked Out By');
    expect(checkedOut.filter((name) => ![...staff, 'Automatic'].includes(name))).toEqual([]);
    expect(checkedOut).toContain('Automatic');

    const guest = (await column(history, 'Guest'))[0]!.split('\n')[0]!;
    await page.getByRole('searchbox', { name: 'Search' }).fill(guest);
    await expect.poll(async () => (await column(history, 'Guest')).every((g) => g.startsWith(guest))).toBe(true);
    const found = await matchingRows(page);
    expect(found).toBeGreaterThan(0);

    const excel = await download(page, 'Export to Excel');
    expect(excel.suggestedFilename()).toMatch(new RegExp(`^Transactions_History_${today}\\.xlsx$`));
    expect(
      readFileSync(await excel.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    const csv = await download(page, 'Export to CSV');
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^Transactions_History_${today}\\.csv$`));
    const [header, ...lines] = csvRows(await csv.path());
    expect(header).toEqual([
      'Property',
      'Location',
      'Guest',
      'Guest Phone',
      'Check In Date (property time)',
      'Check Out Date (property time)',
      'Property Time Zone',
      'Usage (kWh)',
      'Estimated',
      'Checked In By',
      'Checked Out By',
    ]);
    // the rows the search left, each with its times in its property's zone
    expect(lines).toHaveLength(found);
    for (const line of lines) {
      expect(line[2]).toContain(guest);
      expect(line[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(['America/Phoenix', 'America/Denver']).toContain(line[6]);
    }
    await page.context().close();
  });
});
