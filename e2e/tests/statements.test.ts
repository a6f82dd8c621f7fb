import { describe, expect, it } from 'vitest';
import { routes, type AlertsPage, type StayStatement, type TariffVersion } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { demo, launchForFile } from '../support/browser';
import { answers, api, apiToken, checkInPossible, findLocation, locationsOf, openRow } from '../support/locations';

const browser = launchForFile();

/** A call of the route table as the API helper takes it (its path without `/api/`). */
const path = (route: { path: string }, query = '') => `${route.path.replace(/^\/api\//, '')}${query}`;

/** Exact decimal text in millionths. */
const micro = (text: string) => {
  const [int, frac = ''] = text.split('.');
  return BigInt(int! + frac.padEnd(6, '0').slice(0, 6));
};
/** Millionths of a unit at a price, in cents rounded half up. */
const cents = (quantity: bigint, price: string) => (quantity * micro(price) + 5_000_000_000n) / 10_000_000_000n;

/** Cents as money text. */
const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

/**
 * A statement's total worked out by hand: electricity through the blocks, the rest at the
 * rate, water, each half up to the cent; topped up to the minimum; the fees; each tax on its base.
 */
function handTotal(s: StayStatement, t: TariffVersion): bigint {
  const used = (unit: string) => s.meters.filter((m) => m.unit === unit).reduce((sum, m) => sum + micro(m.usage), 0n);
  let left = used('kWh');
  let from = 0n;
  let electric = 0n;
  for (const b of t.electricBlocks) {
    const inBlock = left < micro(b.upToKwh) - from ? left : micro(b.upToKwh) - from;
    electric += cents(inBlock, b.rate);
    left -= inBlock;
    from = micro(b.upToKwh);
  }
  electric += cents(left, t.electricRate);
  const metered = electric + cents(used('gal'), t.waterRate);
  const minimum = t.minimumCharge === null ? 0n : micro(t.minimumCharge) / 10_000n;
  const utilities = metered < minimum ? minimum : metered;
  const count = { stay: 1n, night: BigInt(s.nights), '30days': BigInt(Math.max(1, Math.ceil(s.nights / 30))) };
  const fees = t.fees.reduce((sum, f) => sum + (micro(f.amount) / 10_000n) * count[f.per], 0n);
  const base = { utilities, fees, all: utilities + fees };
  const taxes = t.taxes.reduce(
    (sum, x) => sum + (base[x.appliesTo] * micro(x.percent) + 50_000_000n) / 100_000_000n,
    0n,
  );
  return utilities + fees + taxes;
}

/** A statement's total as the page shows it, in English. */
const shownTotal = (s: StayStatement) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: s.currency }).format(s.total as `${number}`);

/** The Total row of a statement page's charges. */
const totalRow = (page: Page) =>
  page.getByRole('table', { name: 'Charges of the stay' }).getByRole('row', { name: /^Total/ });

/** Checks the stay at a location's row out, and waits until the row offers a check-in again. */
async function checkOut(page: Page, tr: Locator, name: string) {
  await tr.getByRole('button', { name: `Check out of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Check out' });
  await dialog.getByRole('button', { name: 'Check Out' }).click();
  await dialog.waitFor({ state: 'detached' });
  await tr.getByRole('button', { name: `Check in at ${name}` }).waitFor();
}

/** Opens the newest stay's statement from a Location History dialog; answers the stay's id. */
async function openNewestStatement(page: Page, history: Locator): Promise<number> {
  await history
    .getByRole('link', { name: /^Statement of the stay/ })
    .first()
    .click();
  await page.waitForURL('**/Statement/*');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Names made here are unique per run, so that the flow also passes against a server that ran it before. */
const run = Date.now().toString(36).slice(-5).toUpperCase();

describe('statements', () => {
  it('[SITE OWNER] saves a tariff, checks a guest in and out, finds the statement to the cent from Location History, and the guest sees it until the link is revoked, then by a new link', async () => {
    const token = await apiToken(demo.owner);
    const { site, row } = await findLocation(token, (r) => checkInPossible(r) && answers(r));
    const fee = `Statement fee ${run}`;

    // Tariffs, from the property's actions menu: a new version from now, with a fee and a tax.
    const desk = await browser.signedIn(demo.owner);
    await desk.getByRole('button', { name: `Actions for ${site.sitePublicName}` }).click();
    await desk.getByRole('menuitem', { name: 'Tariffs' }).click();
    const dialog = desk.getByRole('dialog', { name: `Tariffs - ${site.sitePublicName}` });
    await dialog.getByRole('button', { name: 'New version' }).click();
    await dialog.getByRole('textbox', { name: 'Electric rate per kWh' }).fill('0.2125');
    await dialog.getByRole('textbox', { name: 'Water rate per gallon' }).fill('0.015');
    await dialog.getByRole('button', { name: 'Add block' }).click();
    const blockRow = dialog.getByRole('group', { name: /^Block \d+$/ }).last();
    await blockRow.getByRole('textbox', { name: 'Up to kWh' }).fill('0.5');
    await blockRow.getByRole('textbox', { name: 'Rate per kWh' }).fill('0.10');
    await dialog.getByRole('textbox', { name: 'Minimum charge' }).fill('25');
    await dialog.getByRole('button', { name: 'Add fee' }).click();
    const feeRow = dialog.getByRole('group', { name: /^Fee \d+$/ }).last();
    await feeRow.getByRole('textbox', { name: 'Name' }).fill(fee);
    await feeRow.getByRole('textbox', { name: 'Amount' }).fill('7.50');
    await feeRow.getByRole('combobox', { name: 'Charged' }).selectOption({ label: 'per stay' });
    await dialog.getByRole('button', { name: 'Add tax' }).click();
    const taxRow = dialog.getByRole('group', { name: /^Tax \d+$/ }).last();
    await taxRow.getByRole('textbox', { name: 'Name' }).fill(`Statement tax ${run}`);
    await taxRow.getByRole('textbox', { name: 'Percent' }).fill('10');
    await dialog.getByRole('button', { name: 'Save version' }).click();
    await desk.getByText('The tariff has been saved.').first().waitFor();
    const newest = dialog.getByRole('article').first();
    await newest.getByText('In effect').waitFor();
    await newest.getByText(`${fee}: $7.50 per stay`).waitFor();
    await desk.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A stay checked in and out at the desk, under the new version.
    const name = row.locationDescription;
    const tr = await openRow(desk, site.siteID, name);
    await tr.getByRole('button', { name: `Check in at ${name}` }).click();
    const checkIn = desk.getByRole('dialog', { name: `Check In · ${name}` });
    await checkIn.getByLabel('First name').fill('Sam');
    await checkIn.getByLabel('Last name').fill(`Statement ${run}`);
    await checkIn.getByLabel('Guest phone').pressSequentially('5550104477');
    await checkIn.getByRole('button', { name: 'Check In' }).click();
    await checkIn.waitFor({ state: 'detached' });
    await checkOut(desk, tr, name);

    // Location History shows the stay's total, linked to its statement.
    await tr.getByRole('button', { name: `View the history of ${name}` }).click();
    const history = desk.getByRole('dialog', { name: /^Location History/ });
    const stayID = await openNewestStatement(desk, history);
    const statement = await api<StayStatement>(token, 'GET', path(routes.billing.statement, `?stayID=${stayID}`));
    expect(statement).toMatchObject({ status: 'closed', guestName: `Sam Statement ${run}` });
    expect(statement.lines.map((l) => l.description)).toContain(fee);
    // the hand calculation, from the stay's usage under the version it names (the form starts
    // from the version before, so that one's fees and taxes come along)
    const versions = await api<TariffVersion[]>(token, 'GET', path(routes.billing.tariffs, `?siteID=${site.siteID}`));
    const tariff = versions.find((v) => v.tariffVersionID === statement.tariffVersionID)!;
    expect(tariff.electricBlocks).toEqual([{ upToKwh: '0.5', rate: '0.1' }]);
    expect(tariff.minimumCharge).toBe('25');
    expect(statement.total).toBe(money(handTotal(statement, tariff)));
    const total = shownTotal(statement);

    // The staff's statement page: the total, and the guest link.
    await desk.getByRole('heading', { level: 1, name: `Statement · ${row.locationDescription}` }).waitFor();
    await desk.getByText('Final', { exact: true }).waitFor();
    await desk.getByText(`Sam Statement ${run}`).waitFor();
    expect(await totalRow(desk).getByRole('cell').textContent()).toBe(total);
    const link = desk.getByRole('region', { name: 'Guest link' });
    await link.getByRole('img', { name: 'QR code of the guest link' }).waitFor();
    const publicUrl = await link.getByRole('link').getAttribute('href');
    expect(publicUrl).toBe(statement.publicUrl);

    // The guest, in a browser of their own, never signed in: the same total, no name.
    const guest = await browser.newPage();
    await guest.goto(publicUrl!);
    await guest.getByRole('heading', { level: 1, name: `Statement · ${row.locationDescription}` }).waitFor();
    expect(await totalRow(guest).getByRole('cell').textContent()).toBe(total);
    expect(await guest.getByText(`Sam Statement ${run}`).count()).toBe(0);

    // Revoked, the link stops working.
    await link.getByRole('button', { name: 'Revoke link' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Revoke the guest link' });
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await desk.getByText('The guest link has been revoked.').first().waitFor();
    await link.getByText(/^The guest link was revoked on /).waitFor();
    await guest.reload();
    await guest.getByText('This statement link is not valid or has expired.').waitFor();
    expect(await guest.getByRole('table').count()).toBe(0);

    // A new link for the stay: it works, the revoked one stays dead.
    await link.getByRole('button', { name: 'Issue a new link' }).click();
    await desk.getByText('A new guest link has been issued.').first().waitFor();
    await link.getByRole('img', { name: 'QR code of the guest link' }).waitFor();
    const newUrl = await link.getByRole('link').getAttribute('href');
    expect(newUrl).not.toBe(publicUrl);
    await guest.goto(newUrl!);
    expect(await totalRow(guest).getByRole('cell').textContent()).toBe(total);
    await guest.goto(publicUrl!);
    await guest.getByText('This statement link is not valid or has expired.').waitFor();

    await desk.context().close();
    await guest.context().close();
  });

  it('[ADMINISTRATOR] checks out a guest whose meter read faster than it can deliver: the statement says a reading is under review; confirmed from Location History, the statement is revised for staff and guest alike', async () => {
    // The demo holds back one reading of a guest's meter, under an alert (which another flow may have resolved).
    const token = await apiToken(demo.admin);
    const alerts = await Promise.all(
      ['', 'resolved'].map((state) =>
        api<AlertsPage>(token, 'GET', path(routes.alerts.list, `?type=suspectUsage&state=${state}&pageSize=200`)),
      ),
    );
    const alert = alerts.flatMap((a) => a.alerts).find((a) => a.kind === 'suspectRise')!;
    const row = (await locationsOf(token, alert.siteID!)).find((r) => r.locationID === alert.locationID)!;
    const meter = row.servicePoints.find((sp) => sp.servicePointID === alert.servicePointID)!;
    const name = row.locationDescription;
    expect(row.isCheckedInState).toBe(true);

    const desk = await browser.signedIn(demo.admin);
    const tr = await openRow(desk, alert.siteID!, name);
    await checkOut(desk, tr, name);

    // The statement, frozen at check-out: the reading is not charged, and it says so.
    await tr.getByRole('button', { name: `View the history of ${name}` }).click();
    const history = desk.getByRole('dialog', { name: /^Location History/ });
    await history.getByRole('heading', { name: 'Readings held back (1)' }).waitFor();
    const stayID = await openNewestStatement(desk, history);
    const frozen = await api<StayStatement>(token, 'GET', path(routes.billing.statement, `?stayID=${stayID}`));
    expect(frozen.revision).toBe(1);
    expect(frozen.meters.find((m) => m.servicePointID === meter.servicePointID)?.underReview).toBe(1);
    const underReview = /^1 reading\(s\) under review/;
    await desk.getByText(underReview).waitFor();
    const guest = await browser.newPage();
    await guest.goto(frozen.publicUrl!);
    await guest.getByText(underReview).waitFor();

    // Confirmed from the location's history: revision 2, for the staff and the guest, with the usage.
    const again = await openRow(desk, alert.siteID!, name);
    await again.getByRole('button', { name: `View the history of ${name}` }).click();
    await history.getByRole('button', { name: `Confirm the reading of ${meter.servicePointName}` }).click();
    const ask = desk.getByRole('dialog', { name: 'Confirm the reading' });
    await ask.getByRole('button', { name: 'Confirm', exact: true }).click();
    await desk.getByText('The reading has been confirmed: its usage counts.').first().waitFor();
    await history.getByRole('heading', { name: /^Readings held back/ }).waitFor({ state: 'detached' });

    const revised = await api<StayStatement>(token, 'GET', path(routes.billing.statement, `?stayID=${stayID}`));
    expect(revised).toMatchObject({ revision: 2, revisionReason: 'readingConfirmed' });
    const usage = (s: StayStatement) => micro(s.meters.find((m) => m.servicePointID === meter.servicePointID)!.usage);
    expect(usage(revised) - usage(frozen)).toBe(micro('40'));
    expect(micro(revised.total)).toBeGreaterThan(micro(frozen.total));
    expect(revised.meters.find((m) => m.servicePointID === meter.servicePointID)?.underReview).toBe(0);
    const total = shownTotal(revised);
    for (const page of [desk, guest]) {
      if (page === desk) await desk.goto(`/Statement/${stayID}`);
      else await guest.reload();
      await page.getByText(/^Revised after check-out: revision 2, /).waitFor();
      await page
        .getByText('A reading held back as faster than the meter can deliver was confirmed as real usage.')
        .waitFor();
      expect(await page.getByText(underReview).count()).toBe(0);
      expect(await totalRow(page).getByRole('cell').textContent()).toBe(total);
    }

    await desk.context().close();
    await guest.context().close();
  });
});
