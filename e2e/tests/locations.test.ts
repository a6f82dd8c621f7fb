import { describe, expect, it } from 'vitest';
import { demo, launchForFile } from '../support/browser';
import {
  api,
  apiToken,
  checkInPossible,
  fails,
  findLocation,
  largestProperty,
  locationsOf,
  openRow,
  visibleSites,
} from '../support/locations';
import { seriousViolations } from '../support/axe';

const browser = launchForFile();

const unique = () => Date.now().toString(36).slice(-5).toUpperCase();

describe('locations', () => {
  it('[ADMINISTRATOR] adds two locations and moves one to another property', async () => {
    const token = await apiToken(demo.admin);
    const sites = await visibleSites(token);
    const [from, to] = sites.filter((s) => s.fk_BusEntityID === sites[0]!.fk_BusEntityID);
    const business = (await api<Array<{ id: number; value: string }>>(token, 'GET', 'GetAllBusinessLookup')).find(
      (b) => b.id === from!.fk_BusEntityID,
    )!;
    const tag = `E2E Lot ${unique()}`;

    const page = await browser.signedIn(demo.admin);
    await page.goto(`/Locations/${from!.siteID}`);
    await page.getByRole('button', { name: 'Add Location' }).click();
    const add = page.getByRole('dialog', { name: `Add Location · ${from!.sitePublicName}` });
    // A new row only once every row has a description.
    await add.getByRole('button', { name: 'Add Row' }).click();
    await add.getByText('Fill the empty row(s) first before adding new ones.').waitFor();
    await add.getByLabel('Location Description, row 1').fill(`${tag} A`);
    await add.getByLabel('Billing Account Number, row 1').fill('AC-E2E');
    await add.getByRole('button', { name: 'Add Row' }).click();
    await add.getByLabel('Location Description, row 2').fill(`${tag} B`);
    await add.getByRole('button', { name: 'Add Row' }).click();
    await add.getByRole('button', { name: 'Save' }).click(); // the empty last row is dropped
    await page.getByText('All locations are added.').waitFor();
    await add.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Search locations' }).fill(tag);
    const rows = page.locator('tr[data-location-id]');
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('button', { name: `Actions for ${tag} A` }).click();
    await page.getByRole('menuitem', { name: 'Move Location' }).click();
    const move = page.getByRole('dialog', { name: `Move Location · ${tag} A` });
    await move.getByRole('textbox', { name: 'Business' }).click();
    await page.getByRole('option', { name: business.value, exact: true }).click();
    await move.getByRole('textbox', { name: 'Property' }).click();
    // The location's own property is not offered.
    expect(await page.getByRole('option', { name: from!.sitePublicName, exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: to!.sitePublicName, exact: true }).click();
    await move.getByRole('button', { name: 'Save' }).click();
    const sure = page.getByRole('dialog', { name: 'Are you sure?' });
    await sure.getByText('Do you want to move this location?').waitFor();
    await sure.getByRole('button', { name: 'Move Location' }).click();
    await page.getByText('Location moved successfully').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.filter({ hasText: `${tag} B` }).waitFor();

    await openRow(page, to!.siteID, `${tag} A`);
    const moved = (await locationsOf(token, to!.siteID)).find((r) => r.locationDescription === `${tag} A`);
    expect(moved?.accountNumber).toBe('AC-E2E');
    await page.context().close();
  });

  it('[SITE OWNER] opens a property on My Properties and adds a location from its menu', async () => {
    const token = await apiToken(demo.owner);
    const site = (await visibleSites(token))[0]!;
    const description = `E2E Owner ${unique()}`;
    const page = await browser.signedIn(demo.owner);
    await page
      .getByRole('button', { name: new RegExp(`^${site.sitePublicName}`) })
      .first()
      .click();
    const region = page.getByRole('region', { name: `Locations of ${site.sitePublicName}` });
    await region.locator('tr[data-location-id]').first().waitFor();

    await page.getByRole('button', { name: `Actions for ${site.sitePublicName}` }).click();
    await page.getByRole('menuitem', { name: 'Add Location' }).click();
    const add = page.getByRole('dialog', { name: `Add Location · ${site.sitePublicName}` });
    await add.getByLabel('Location Description, row 1').fill(description);
    // Closing with typed rows asks first.
    await add.getByRole('button', { name: 'Close', exact: true }).last().click();
    const unsaved = page.getByRole('dialog', { name: 'Unsaved data' });
    await unsaved.getByRole('button', { name: 'Cancel' }).click();
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText('All locations are added.').waitFor();

    await region.getByRole('textbox', { name: 'Search locations' }).fill(description);
    await region.locator('tr[data-location-id]').filter({ hasText: description }).waitFor();
    await page.context().close();
  });

  it('[ADMINISTRATOR] resets a water meter reading below the previous one after confirming', async () => {
    const token = await apiToken(demo.admin);
    const { site, row } = await findLocation(
      token,
      (r) =>
        !r.deleted &&
        !r.isCheckedInState &&
        r.servicePoints.length === 2 &&
        r.servicePoints.some((sp) => sp.unit === 'gal' && (sp.kwhTotal ?? 0) > 100),
    );
    const water = row.servicePoints.find((sp) => sp.unit === 'gal')!;
    const name = row.locationDescription;
    const page = await browser.signedIn(demo.admin);
    const tr = await openRow(page, site.siteID, name);
    await tr.getByRole('button', { name: `Reset a reading of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reset Reading · ${name}` });
    if (row.servicePoints.filter((sp) => sp.supportsResetReading).length > 1) {
      await dialog.getByRole('radio', { name: new RegExp(`^${water.servicePointName}`) }).check();
    }
    await dialog.getByText('Current reading:').waitFor();
    const input = dialog.getByPlaceholder('Enter The New Reading');
    // Water takes whole gallons only; the precision note is for other meters.
    await input.fill('12.5');
    await input.blur();
    await dialog.getByText('Only integer is allowed.').waitFor();
    expect(await dialog.getByText('Note: Precision is limited to 6 decimals.').count()).toBe(0);
    await input.fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const sure = page.getByRole('dialog', { name: 'Lower reading' });
    await sure.getByText('The current reading entered is less than the previous reading. Are you sure?').waitFor();
    await sure.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Meter reading has been updated.').waitFor();

    const after = (await locationsOf(token, site.siteID)).find((r) => r.locationID === row.locationID)!;
    expect(after.servicePoints.find((sp) => sp.servicePointID === water.servicePointID)?.kwhTotal).toBe(10);
    await page.context().close();
  });

  it('[ADMINISTRATOR] assigns a meter from stock', async () => {
    const token = await apiToken(demo.admin);
    const site = (await visibleSites(token))[0]!;
    const description = `E2E Pad ${unique()}`;
    await api(token, 'POST', 'BulkCreateLocationWithSetting', [
      { locationDescription: description, accountNumber: null, fk_SiteID: site.siteID },
    ]);
    const meter = `W${unique()}9`.slice(0, 7);

    // Register the meter in stock on the Admin Panel's meter inventory.
    const page = await browser.signedIn(demo.admin);
    // the figures and the businesses load after the page: a click while they push the link down misses it
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Meter Inventory' }).click();
    await page.waitForURL('**/AdminPanel/meters');
    await page.getByRole('textbox', { name: 'Meter ID' }).fill(meter);
    await page.getByRole('textbox', { name: 'Device key' }).fill(`dk-${meter}`);
    await page.getByRole('textbox', { name: 'Device type' }).click();
    await page.getByRole('option', { name: 'Water', exact: true }).click();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(`Meter ${meter} is in stock.`).waitFor();
    await page.getByRole('textbox', { name: 'Search meter, key, property or location' }).fill(meter);
    await page.getByRole('row').filter({ hasText: meter }).getByText('In stock').waitFor();

    await page.goto(`/Locations/${site.siteID}`);
    await page.getByRole('button', { name: 'Assign Meter' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign Meter · ${site.sitePublicName}` });
    await dialog.getByRole('textbox', { name: 'Search location' }).fill(description);
    await dialog.getByRole('textbox', { name: `Meter for ${description}` }).fill(meter);
    await page.getByRole('option', { name: `${meter} · Water` }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Meter(s) has been added.').waitFor();

    const tr = await openRow(page, site.siteID, description);
    await tr.getByText(meter, { exact: true }).waitFor();
    await page.goto('/AdminPanel/meters');
    await page.getByRole('textbox', { name: 'Search meter, key, property or location' }).fill(meter);
    await page
      .getByRole('row')
      .filter({ hasText: `${site.sitePublicName} › ${description}` })
      .waitFor();
    await page.context().close();
  });

  it('[ADMINISTRATOR] sees the error message of a failing demo meter', async () => {
    const token = await apiToken(demo.admin);
    const { site, row } = await findLocation(
      token,
      (r) =>
        !r.deleted &&
        r.servicePoints.some(
          (sp) =>
            fails(sp.deviceKey) &&
            sp.servicePointCapabilities.length > 0 &&
            sp.servicePointCapabilities.every((c) => c.apiCapabilityResponse === null),
        ),
    );
    const meter = row.servicePoints.find((sp) => fails(sp.deviceKey))!;
    const page = await browser.signedIn(demo.admin);
    const tr = await openRow(page, site.siteID, row.locationDescription);
    await tr
      .getByRole('button', { name: new RegExp(`^Meter ${meter.servicePointName}: .*Open its device control panel$`) })
      .click();
    const panel = page.getByRole('dialog', { name: `Meter ${meter.servicePointName} · ${row.locationDescription}` });
    await panel.getByRole('button', { name: 'Retry ON' }).click();
    // The cooldown starts at once; the status check at 30 s left brings the meter's answer.
    await panel.getByText(/Checking the meter… \d+ s/).waitFor();
    expect(await panel.getByRole('button', { name: 'Retry OFF' }).isDisabled()).toBe(true);
    await panel
      .getByText('The meter was not able to be turned ON/OFF due to an error. Result code: 5')
      .waitFor({ timeout: 25_000 });
    await page.context().close();
  });

  it('[ADMINISTRATOR] shows every location of the largest property at once, rendering rows as the table scrolls', async () => {
    const token = await apiToken(demo.admin);
    const { site, rows } = await largestProperty(token);
    const count = rows.length;
    const page = await browser.signedIn(demo.admin);
    await page.goto(`/Locations/${site.siteID}`);
    await page.getByRole('textbox', { name: 'Rows per page' }).click();
    await page
      .getByRole('listbox', { name: 'Rows per page' })
      .getByRole('option', { name: 'All', exact: true })
      .click();

    const table = page.getByRole('table', { name: `Locations of ${site.sitePublicName}` });
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe(String(count + 1));
    const rendered = table.locator('tbody tr[aria-rowindex]');
    const row = (position: number) => table.locator(`tbody tr[aria-rowindex="${position}"]`);
    await row(2).waitFor();
    // Only the rows in view and a few around them are in the DOM.
    expect(await rendered.count()).toBeLessThan(count / 3);

    // The wheel brings rows in as the table scrolls, down to the last one.
    await table.hover();
    const last = row(count + 1);
    for (let turn = 0; turn < 40 && !(await last.isVisible()); turn++) {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(100);
      expect(await rendered.count()).toBeLessThan(count / 3);
    }
    await last.waitFor();
    expect(await row(2).count()).toBe(0);

    // Selection works on a row far down, and the row keeps the focus while the table scrolls away from it.
    const selectable = rows.filter((r) => !r.deleted).length;
    const chosen = rendered.filter({ has: page.locator('input[type="checkbox"]:enabled') }).last();
    const position = Number(await chosen.getAttribute('aria-rowindex'));
    await row(position).getByRole('checkbox').check();
    await page.getByText(`(1 out of ${selectable}) selected`).waitFor();
    for (let turn = 0; turn < 40 && !(await row(2).isVisible()); turn++) {
      await page.mouse.wheel(0, -1500);
      await page.waitForTimeout(100);
    }
    await row(2).waitFor();
    expect(await row(position).getByRole('checkbox').isChecked()).toBe(true);
    const focusedRow = await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('aria-rowindex'));
    expect(focusedRow).toBe(String(position));
    await page.context().close();
  });

  it('[SITE MANAGER] works the table and the check-in dialog on a 375 px phone, with no serious accessibility violation', async () => {
    const token = await apiToken(demo.manager);
    const { site, row } = await findLocation(token, checkInPossible);
    const page = await browser.signedIn(demo.manager, { width: 375, height: 740 });
    const tr = await openRow(page, site.siteID, row.locationDescription);
    expect(await seriousViolations(page)).toEqual([]);
    // The row is a card that fits the screen; the dialog takes the whole screen.
    expect((await tr.boundingBox())!.width).toBeLessThanOrEqual(375);
    await tr.getByRole('button', { name: `Check in at ${row.locationDescription}` }).click();
    const dialog = page.getByRole('dialog', { name: `Check In · ${row.locationDescription}` });
    await dialog.getByLabel('Guest phone').waitFor();
    await page.waitForTimeout(400); // the opening transition
    expect(await seriousViolations(page)).toEqual([]);
    const box = (await page.locator('.mantine-Modal-content').boundingBox())!;
    expect(Math.round(box.width)).toBe(375);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await page.context().close();
  });
});
