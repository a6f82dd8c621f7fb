import { describe, expect, it } from 'vitest';
import { nextSlot, routes, type StayStatement } from '@portal/contract';
import { demo, launchForFile } from '../support/browser';
import { api, apiToken, locationsOf, openRow, visibleSites } from '../support/locations';

const browser = launchForFile();

const run = Date.now().toString(36).slice(-4).toUpperCase();
const DAY = 86_400_000;

describe('an estimated reading', () => {
  it('[SITE MANAGER] checks a guest out with the estimate of a meter read by hand: "Estimated" on the statement and the guest link, then the actual read makes revision 2 with its reason', async () => {
    const admin = await apiToken(demo.admin);
    const manager = await apiToken(demo.manager);
    const [site] = await visibleSites(manager);
    const name = `Estimate ${run}`;
    await api(admin, 'POST', 'BulkCreateLocationWithSetting', [{ locationDescription: name, fk_SiteID: site!.siteID }]);
    const row = (await locationsOf(admin, site!.siteID)).find((r) => r.locationDescription === name)!;
    const meterId = await api<number>(admin, 'POST', 'ServicePoint/CreateMeter', {
      servicePointName: `E${run}01`,
      readByHand: true,
      fk_DeviceTypeId: 1,
    });
    await api(admin, 'POST', 'AddMeterToLocation', { servicePointID: meterId, fk_LocationID: row.locationID });
    for (const kwHTotal of ['500', '524'])
      await api(manager, 'POST', 'AddManualMeterReading', { servicePointID: meterId, kwHTotal });
    // the guest came: the desk read the meter at check-in
    await api(manager, 'POST', routes.stays.checkIn.path.replace('/api/', ''), {
      locationID: row.locationID,
      autoCheckoutDateTime: nextSlot(new Date(Date.now() + DAY)).toISOString(),
      servicePointCapabilities: [],
      readings: [{ servicePointID: meterId, reading: '530' }],
    });

    // Check-out at the desk asks for the closing reading and offers the estimate from the daily average.
    const desk = await browser.signedIn(demo.manager);
    const tr = await openRow(desk, site!.siteID, name);
    await tr.getByRole('button', { name: `Check out of ${name}` }).click();
    const dialog = desk.getByRole('dialog', { name: 'Check out' });
    const checkOut = dialog.getByRole('button', { name: 'Check Out' });
    await dialog.getByRole('textbox', { name: `Reading of E${run}01 (kWh)` }).waitFor();
    expect(await checkOut.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /^Use the estimate: 530(\.\d+)? kWh$/ }).click();
    await dialog.getByText('Estimated', { exact: true }).waitFor();
    await checkOut.click();
    await dialog.waitFor({ state: 'detached' });

    await tr.getByRole('button', { name: `View the history of ${name}` }).click();
    const history = desk.getByRole('dialog', { name: /^Location History/ });
    await history.getByText('Estimated', { exact: true }).waitFor();
    await history
      .getByRole('link', { name: /^Statement of the stay/ })
      .first()
      .click();
    await desk.waitForURL('**/Statement/*');
    const stayID = Number(new URL(desk.url()).pathname.split('/').pop());
    await desk
      .locator('[data-estimated]')
      .getByText(/this statement uses a meter reading that was not read off/)
      .waitFor();
    const meters = desk.getByRole('table', { name: 'Meter readings of the stay' });
    await meters.getByText('Estimated', { exact: true }).waitFor();

    const frozen = await api<StayStatement>(
      manager,
      'GET',
      `${routes.billing.statement.path.replace('/api/', '')}?stayID=${stayID}`,
    );
    expect(frozen.meters[0]).toMatchObject({ openingReading: '530', openingEstimated: false, closingEstimated: true });
    const guest = await browser.newPage();
    await guest.goto(frozen.publicUrl!);
    await guest
      .locator('[data-estimated]')
      .getByText(/this statement uses a meter reading that was not read off/)
      .waitFor();

    // The meter is read the next morning: the actual read replaces the estimate at its instant.
    await meters.getByRole('button', { name: 'Enter the actual reading' }).click();
    const actual = desk.getByRole('dialog', { name: `Actual reading of E${run}01` });
    await actual.getByRole('textbox', { name: 'Actual reading (kWh)' }).fill('531.5');
    await actual.getByRole('button', { name: 'Save the actual reading' }).click();
    await actual.waitFor({ state: 'detached' });
    await desk.getByText(/^Revised after check-out: revision 2,/).waitFor();
    await desk
      .locator('[data-revision="2"]')
      .getByText('An estimated reading was replaced by an actual reading of the meter.')
      .waitFor();
    expect(await desk.locator('[data-estimated]').count()).toBe(0);

    const revised = await api<StayStatement>(
      manager,
      'GET',
      `${routes.billing.statement.path.replace('/api/', '')}?stayID=${stayID}`,
    );
    expect(revised).toMatchObject({ revision: 2, revisionReason: 'estimateReplaced' });
    expect(revised.meters[0]).toMatchObject({ closingReading: '531.5', closingEstimated: false, usage: '1.5' });
    await guest.reload();
    await guest.getByText(/^Revised after check-out: revision 2,/).waitFor();
    await guest.close();
  });
});
