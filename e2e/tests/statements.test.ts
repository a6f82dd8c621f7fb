import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSlot, routes, type StayStatement } from '@portal/contract';
import type { Browser } from 'playwright-core';
import { demo, launch, newPage, signIn } from '../support/browser';
import { answers, api, apiToken, checkInPossible, findLocation } from '../support/locations';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A call of the route table as the API helper takes it (its path without `/api/`). */
const path = (route: { path: string }, query = '') => `${route.path.replace(/^\/api\//, '')}${query}`;

/** Names made here are unique per run, so that the flow also passes against a server that ran it before. */
const run = Date.now().toString(36).slice(-5).toUpperCase();

describe('statements', () => {
  it('[SITE OWNER] saves a tariff, bills a stay with it, and the guest sees the statement until the link is revoked', async () => {
    const token = await apiToken(demo.owner);
    const { site, row } = await findLocation(token, (r) => checkInPossible(r) && answers(r));
    const fee = `Statement fee ${run}`;

    // Tariffs, from the property's actions menu: a new version from now, with a fee and a tax.
    const desk = await newPage(browser);
    await signIn(desk, demo.owner);
    await desk.waitForURL(`**${demo.owner.home}`);
    await desk.getByRole('button', { name: `Actions for ${site.sitePublicName}` }).click();
    await desk.getByRole('menuitem', { name: 'Tariffs' }).click();
    const dialog = desk.getByRole('dialog', { name: `Tariffs - ${site.sitePublicName}` });
    await dialog.getByRole('button', { name: 'New version' }).click();
    await dialog.getByRole('textbox', { name: 'Electric rate per kWh' }).fill('0.2125');
    await dialog.getByRole('textbox', { name: 'Water rate per gallon' }).fill('0.015');
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

    // A stay checked in and out through the API, under the new version.
    const { stayID } = await api<{ stayID: number }>(token, 'POST', path(routes.stays.checkIn), {
      locationID: row.locationID,
      autoCheckoutDateTime: nextSlot(new Date(Date.now() + 86_400_000)).toISOString(),
      servicePointCapabilities: row.servicePoints.flatMap((sp) =>
        sp.servicePointCapabilities.map((c) => ({ servicePointCapabilityID: c.servicePointCapabilityID, status: 1 })),
      ),
      guest: { mobileNumber: '(555) 010-4477', firstName: 'Sam', lastName: `Statement ${run}` },
    });
    await api(token, 'POST', path(routes.stays.checkOut, `?locationID=${row.locationID}`));
    const statement = await api<StayStatement>(token, 'GET', path(routes.billing.statement, `?stayID=${stayID}`));
    expect(statement.status).toBe('closed');
    expect(statement.lines.map((l) => l.description)).toContain(fee);
    const total = new Intl.NumberFormat('en', { style: 'currency', currency: statement.currency }).format(
      statement.total as `${number}`,
    );

    // The staff's statement page: the total, and the guest link.
    await desk.goto(`/Statement/${stayID}`);
    await desk.getByRole('heading', { level: 1, name: `Statement · ${row.locationDescription}` }).waitFor();
    await desk.getByText('Final', { exact: true }).waitFor();
    await desk.getByText(`Sam Statement ${run}`).waitFor();
    const totalRow = (page: typeof desk) =>
      page.getByRole('table', { name: 'Charges of the stay' }).getByRole('row', { name: /^Total/ });
    expect(await totalRow(desk).getByRole('cell').textContent()).toBe(total);
    const link = desk.getByRole('region', { name: 'Guest link' });
    await link.getByRole('img', { name: 'QR code of the guest link' }).waitFor();
    const publicUrl = await link.getByRole('link').getAttribute('href');
    expect(publicUrl).toBe(statement.publicUrl);

    // The guest, in a browser of their own, never signed in: the same total, no name.
    const guest = await newPage(browser);
    await guest.goto(publicUrl!);
    await guest.getByRole('heading', { level: 1, name: `Statement · ${row.locationDescription}` }).waitFor();
    expect(await totalRow(guest).getByRole('cell').textContent()).toBe(total);
    expect(await guest.getByText(`Sam Statement ${run}`).count()).toBe(0);

    // Revoked, the link stops working.
    await link.getByRole('button', { name: 'Revoke link' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Revoke the guest link' });
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await desk.getByText('The guest link has been revoked.').first().waitFor();
    await link.getByText('This stay has no guest link any more: it was revoked or has expired.').waitFor();
    await guest.reload();
    await guest.getByText('This statement link is not valid or has expired.').waitFor();
    expect(await guest.getByRole('table').count()).toBe(0);

    await desk.context().close();
    await guest.context().close();
  });
});
