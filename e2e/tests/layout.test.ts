import { describe, expect, it } from 'vitest';
import { routes, type AlertsPage, type StayHistoryRow, type StayStatement } from '@portal/contract';
import type { Locator } from 'playwright-core';
import { demo, launchForFile } from '../support/browser';
import { LANGUAGES } from '../support/i18n';
import { api, apiToken, locationsOf, visibleSites } from '../support/locations';

/**
 * Screens that must fit their width: the guest's statement on a small phone, without sideways
 * scrolling and with every amount in view; badges whose words are whole in every language.
 */

const browser = launchForFile();

/** A call of the route table as the API helper takes it (its path without `/api/`). */
const path = (route: { path: string }, query = '') => `${route.path.replace(/^\/api\//, '')}${query}`;

/** The staff's statement of a closed demo stay with an electric and a water meter, and its guest link. */
async function closedStatement(): Promise<StayStatement> {
  const token = await apiToken(demo.owner);
  for (const site of await visibleSites(token)) {
    for (const row of await locationsOf(token, site.siteID)) {
      if (row.servicePoints.length < 2) continue;
      const stays = await api<StayHistoryRow[]>(
        token,
        'GET',
        path(routes.locations.history, `?locationID=${row.locationID}`),
      );
      const closed = stays.find((s) => s.checkoutDateTime !== null);
      if (!closed) continue;
      const statement = await api<StayStatement>(
        token,
        'GET',
        path(routes.billing.statement, `?stayID=${closed.stayID}`),
      );
      if (statement.publicUrl && statement.meters.length >= 2 && statement.lines.length >= 3) return statement;
    }
  }
  throw new Error('no closed demo stay with two meters and a guest link');
}

/** What lies beyond the page's width: the page itself, or an element scrolled or cut off inside it. */
async function overflow(within: Locator) {
  return within.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`page ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue; // visually hidden, for screen readers
      const name = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5))
        out.push(`${name} spans ${box.left}–${box.right}`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        out.push(`${name} scrolls ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return out;
  });
}

/** The cell is on screen, whole, and the topmost thing at its middle: a reader sees it without scrolling sideways. */
async function inView(cell: Locator): Promise<boolean> {
  return cell.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    if (box.width === 0 || box.left < 0 || box.right > width || el.scrollWidth > el.clientWidth + 1) return false;
    el.scrollIntoView({ block: 'center' });
    const now = el.getBoundingClientRect();
    const top = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
}

describe('layout', () => {
  it('[GUEST] the statement reads on a 360 px phone: no sideways scrolling, every amount and the total in view', async () => {
    const statement = await closedStatement();
    const page = await browser.newPage({ width: 360, height: 740 });
    await page.goto(statement.publicUrl!);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: `Statement · ${statement.locationName}` }).waitFor();
    expect(await overflow(main)).toEqual([]);

    const money = (amount: string) =>
      new Intl.NumberFormat('en', { style: 'currency', currency: statement.currency }).format(amount as `${number}`);
    const charges = page.getByRole('table', { name: 'Charges of the stay' });
    for (const line of statement.lines) {
      const cell = charges.locator('tbody tr').getByText(money(line.amount), { exact: true }).first();
      expect(await inView(cell), `${line.description} ${line.amount}`).toBe(true);
    }
    const total = charges.getByRole('row', { name: /^Total/ }).getByRole('cell');
    expect(await total.textContent()).toBe(money(statement.total));
    expect(await inView(total)).toBe(true);

    const meters = page.getByRole('table', { name: 'Meter readings of the stay' });
    for (const meter of statement.meters) {
      const row = meters.getByRole('row', { name: new RegExp(`^${meter.meterName}`) });
      expect(await inView(row.getByRole('rowheader')), meter.meterName).toBe(true);
      expect(await inView(row.getByRole('cell').last()), `${meter.meterName} usage`).toBe(true);
    }
    await page.context().close();
  });

  it('[SITE OWNER] the Alerts page shows every severity and state badge whole, in Japanese and the other languages', async () => {
    // one alert acknowledged and one resolved, so that every state has its badge
    const token = await apiToken(demo.owner);
    const open = await api<AlertsPage>(token, 'GET', path(routes.alerts.list, '?state=open&pageSize=2'));
    expect(open.alerts).toHaveLength(2);
    const [first, second] = open.alerts.map((a) => a.alertID);
    await api(token, 'POST', path(routes.alerts.acknowledge), { alertIDs: [first], note: 'Checked on site' });
    await api(token, 'POST', path(routes.alerts.resolve), { alertIDs: [second] });

    const languages = ['ja', ...LANGUAGES.filter((l) => l !== 'ja')];
    const page = await browser.signedIn(demo.owner, { width: 1366, height: 768 });
    for (const language of languages) {
      await page.evaluate((l) => localStorage.setItem('portal.language', JSON.stringify(l)), language);
      for (const state of ['', 'resolved']) {
        await page.goto(`/Alerts${state ? `?state=${state}` : ''}`);
        const rows = page.locator('tr[data-alert-id]');
        await rows.first().waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        // each badge's word: the width it needs against the width it has
        const cut = await page.getByRole('main').evaluate((main) =>
          Array.from(main.querySelectorAll('.mantine-Badge-root'))
            .map((badge) => {
              const label = badge.querySelector('.mantine-Badge-label') ?? badge;
              return { text: label.textContent ?? '', need: label.scrollWidth, has: label.clientWidth };
            })
            .filter((b) => b.need > b.has),
        );
        const badges = await page.locator('[data-severity], [data-state]').count();
        expect(badges, `${language} ${state}`).toBeGreaterThan(1);
        expect(cut, `${language} ${state}`).toEqual([]);
      }
    }
    await page.context().close();
  });
});
