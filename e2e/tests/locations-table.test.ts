import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { nextSlot, type LocationRow, type LocationsPage } from '@portal/contract';
import { baseUrl, demo, launchForFile } from '../support/browser';
import { LANGUAGES, text, useLanguage } from '../support/i18n';
import { api, apiToken, findLocation, largestProperty, locationsOf, openRow, visibleSites } from '../support/locations';

const browser = launchForFile();

/** How far the table reaches beyond its box, and beyond the window, in px (0 when every column is in view). */
function overflow(table: Locator) {
  return table.evaluate((el) => {
    const box = el.parentElement!;
    const right = Math.max(...Array.from(el.querySelectorAll('th'), (th) => th.getBoundingClientRect().right));
    return {
      box: Math.max(0, box.scrollWidth - box.clientWidth),
      window: Math.max(0, Math.ceil(right) - window.innerWidth),
      page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    };
  });
}

const unique = () => Date.now().toString(36).slice(-5).toUpperCase();

describe('the locations table', () => {
  it('[ADMINISTRATOR] reaches every column of the largest property at 1366 × 768 in the six languages, paged and all at once', async () => {
    const token = await apiToken(demo.admin);
    const { site } = await largestProperty(token);
    const page = await browser.signedIn(demo.admin, { width: 1366, height: 768 });
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.goto(`/Locations/${site.siteID}`);
      const table = page.getByRole('table', {
        name: text(language, 'locations.table.label', { property: site.sitePublicName }),
      });
      await table.locator('tbody tr').first().waitFor();
      expect(await table.locator('thead th').count()).toBe(8);
      expect(await overflow(table), `${language}, paged`).toEqual({ box: 0, window: 0, page: 0 });

      await page.getByRole('textbox', { name: text(language, 'locations.table.pageSize') }).click();
      await page
        .getByRole('listbox', { name: text(language, 'locations.table.pageSize') })
        .getByRole('option', { name: text(language, 'locations.table.allRows'), exact: true })
        .click();
      await table.locator('tbody tr[aria-rowindex]').first().waitFor();
      expect(await overflow(table), `${language}, all rows`).toEqual({ box: 0, window: 0, page: 0 });
    }
    await page.context().close();
  });

  it("[ADMINISTRATOR] 'Select All m' across pages, one row unticked, then Off: every other matching location's meters are sent the command", async () => {
    const token = await apiToken(demo.admin);
    const { site, rows } = await largestProperty(token);
    // a search that leaves two to ten pages of 10 vacant locations, the fewest found ('Slip 12' leaves Slip 12, 120 to 129 …):
    // which locations are vacant changes with the hour the demo was seeded
    const vacantOf = async (search: string) =>
      api<LocationsPage>(
        token,
        'GET',
        `Locations/GetLocationsPage?${new URLSearchParams({ siteID: String(site.siteID), search, status: 'vacant', pageSize: 'all' })}`,
      );
    const vacant = rows.filter((r) => !r.deleted && !r.isCheckedInState);
    const leaves = (search: string) =>
      vacant.filter((r) => r.locationDescription.toLowerCase().includes(search.toLowerCase())).length;
    const candidates = new Set(
      vacant.flatMap((r) =>
        Array.from({ length: r.locationDescription.length - 3 }, (_, k) =>
          r.locationDescription.slice(0, k + 4).trim(),
        ),
      ),
    );
    let search = '';
    let matching: LocationRow[] = [];
    const fitting = [...candidates]
      .filter((c) => leaves(c) > 10 && leaves(c) <= 100)
      .sort((a, b) => leaves(a) - leaves(b));
    for (const candidate of fitting) {
      const found = (await vacantOf(candidate)).rows;
      if (found.length > 10 && found.length <= 100) {
        search = candidate;
        matching = found;
        break;
      }
    }
    expect(matching.length, 'a search of the largest property leaving 11 to 100 vacant locations').toBeGreaterThan(10);

    const page = await browser.signedIn(demo.admin);
    await page.goto(`/Locations/${site.siteID}`);
    const table = page.getByRole('table', { name: `Locations of ${site.sitePublicName}` });
    await table.locator('tbody tr').first().waitFor();
    await page.getByRole('textbox', { name: 'Rows per page' }).click();
    await page.getByRole('listbox', { name: 'Rows per page' }).getByRole('option', { name: '10 / page' }).click();
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: /^Vacant \(\d+\)$/ }).click();
    await page.getByRole('textbox', { name: 'Search locations' }).fill(search);
    const m = matching.length;
    await page.getByText(`(0 out of ${m}) selected`).waitFor();
    await page.getByRole('button', { name: `Select All ${m}` }).click();
    await page.getByText(`(${m} out of ${m}) selected`).waitFor();

    const [unticked, ...selected] = matching;
    await table.getByRole('checkbox', { name: `Select ${unticked!.locationDescription}`, exact: true }).uncheck();
    await page.getByText(`(${m - 1} out of ${m}) selected`).waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    const onPage2 = table.getByRole('checkbox', { name: `Select ${matching[10]!.locationDescription}`, exact: true });
    await onPage2.waitFor();
    expect(await onPage2.isChecked()).toBe(true);

    const switchable = selected.flatMap((r) => r.servicePoints.filter((sp) => sp.servicePointCapabilities.length > 0));
    await page.getByRole('button', { name: 'Off', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Turn meters off' });
    await confirm.getByText(`Send the command to the meters of ${m - 1} selected location(s)?`).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Command sent to ${switchable.length} meter(s).`, { exact: false }).waitFor();

    // the locations of page 2 and beyond were switched off too, though the browser never held their meters then
    const after = new Map((await locationsOf(token, site.siteID)).map((r) => [r.locationID, r]));
    for (const row of selected.slice(9)) {
      for (const sp of after.get(row.locationID)!.servicePoints.filter((x) => x.servicePointCapabilities.length)) {
        expect(sp.deviceControlRequestedState, `${row.locationDescription} ${sp.servicePointName}`).toBe(0);
      }
    }
    await page.context().close();
  });

  it('[SITE MANAGER] narrows the table by status: checked in, vacant, missing', async () => {
    const token = await apiToken(demo.manager);
    const [site] = await visibleSites(token);
    const page = await browser.signedIn(demo.manager);
    await page.goto(`/Locations/${site!.siteID}`);
    const table = page.getByRole('table', { name: `Locations of ${site!.sitePublicName}` });
    await table.locator('tbody tr').first().waitFor();
    // A meter may go missing while the test runs (the monitor flags the silent ones): each count
    // is the server's at the time it is compared, the table following it by its live events.
    const shows = async (label: RegExp, matches: (r: LocationRow) => boolean) => {
      await page.getByRole('textbox', { name: 'Status' }).click();
      await page.getByRole('option', { name: label }).click();
      await expect
        .poll(
          async () => {
            const now = await locationsOf(token, site!.siteID);
            return page.getByText(`${now.filter(matches).length} of ${now.length} locations`).count();
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      // the server's page for the status, not the one before it, which stays on screen meanwhile
      await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    };
    await shows(/^Checked in \(\d+\)$/, (r) => r.isCheckedInState);
    for (const tr of await table.locator('tbody tr').all()) {
      expect(await tr.getByRole('button', { name: /^Check out of / }).count()).toBe(1);
    }
    await shows(/^Meter missing \(\d+\)$/, (r) => r.servicePoints.some((sp) => sp.isMissingDevice));
    for (const tr of await table.locator('tbody tr').all())
      expect(await tr.getByText('Missing').count()).toBeGreaterThan(0);
    await shows(/^Vacant \(\d+\)$/, (r) => !r.deleted && !r.isCheckedInState);
    await page.context().close();
  });

  it('[SITE MANAGER] hears and sees why Check In and Reset Reading are unavailable, by keyboard, in the six languages', async () => {
    const token = await apiToken(demo.manager);
    const solo = (r: LocationRow) =>
      !r.deleted && r.servicePoints.some((sp) => [3, 4].includes(sp.fk_DeviceTypeGroupId));
    const { site, row } = await findLocation(token, solo);
    const page = await browser.signedIn(demo.manager);
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      const search = text(language, 'locations.table.search');
      await page.goto(`/Locations/${site.siteID}`);
      await page.getByRole('textbox', { name: search }).fill(row.locationDescription);
      const tr = page.locator(`tr[data-location-id="${row.locationID}"]`);
      const checkIn = tr.getByRole('button', {
        name: text(language, 'locations.table.checkInOf', { location: row.locationDescription }),
      });
      await checkIn.focus();
      expect(await checkIn.evaluate((el) => el === document.activeElement)).toBe(true);
      const reason = text(language, 'locations.reasons.soloDevice');
      await expect.poll(() => tr.getByRole('tooltip').filter({ hasText: reason }).isVisible()).toBe(true);
      expect(await checkIn.getAttribute('aria-describedby')).toBe(`check-in-hint-${row.locationID}`);
      await checkIn.press('Enter');
      expect(await page.getByRole('dialog').count()).toBe(0);

      const reset = tr.getByRole('button', { name: new RegExp(`: ${text(language, 'msg.optionUnavailable')}$`) });
      if ((await reset.count()) > 0) {
        await reset.focus();
        await expect
          .poll(() =>
            tr
              .getByRole('tooltip')
              .filter({ hasText: text(language, 'msg.optionUnavailable') })
              .isVisible(),
          )
          .toBe(true);
      }
    }
    await page.context().close();
  });

  it('[SITE OWNER] cannot check a guest in where there is no meter, and is told why', async () => {
    const token = await apiToken(demo.owner);
    const [site] = await visibleSites(token);
    const description = `No Meter ${unique()}`;
    const [locationId] = await api<number[]>(token, 'POST', 'BulkCreateLocationWithSetting', [
      { locationDescription: description, fk_SiteID: site!.siteID },
    ]);
    const page = await browser.signedIn(demo.owner);
    const tr = await openRow(page, site!.siteID, description);
    const checkIn = tr.getByRole('button', { name: `Check in at ${description}` });
    expect(await checkIn.getAttribute('aria-disabled')).toBe('true');
    await checkIn.hover();
    await tr.getByRole('tooltip').filter({ hasText: 'This location has no meter: add one first.' }).waitFor();
    const refused = await fetch(`${baseUrl()}/api/CheckinLocationServicePointCapabilities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        locationID: locationId,
        autoCheckoutDateTime: nextSlot(new Date(Date.now() + 86_400_000)).toISOString(),
      }),
    });
    expect(refused.status).toBe(409);
    await page.context().close();
  });

  it('[ADMINISTRATOR] keeps one description a property, in Add Location, Manage Location and Move Location', async () => {
    const token = await apiToken(demo.admin);
    // a demo property with a location whose description is taken, and another of its business
    // (other tests add properties without locations, in any order)
    const { site: from, row: taken } = await findLocation(token, (r) => !r.deleted);
    const to = (await visibleSites(token)).find(
      (s) => s.fk_BusEntityID === from.fk_BusEntityID && s.siteID !== from.siteID,
    );
    const page = await browser.signedIn(demo.admin);
    await page.goto(`/Locations/${from.siteID}`);

    // Two rows naming one location, told at once, in the six languages.
    const tag = `Dup ${unique()}`;
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.goto(`/Locations/${from.siteID}`);
      await page.getByRole('button', { name: text(language, 'locations.actions.addLocation') }).click();
      const dialog = page.getByRole('dialog');
      const row = (n: number) =>
        dialog.getByLabel(text(language, 'locations.addLocations.descriptionOfRow', { row: n }));
      await row(1).fill(tag);
      await dialog.getByRole('button', { name: text(language, 'locations.addLocations.addRow') }).click();
      await row(2).fill(tag.toUpperCase());
      await dialog.getByRole('button', { name: text(language, 'locations.dialogs.save') }).click();
      await dialog.getByText(text(language, 'msg.locationDescriptionTaken')).waitFor();
      await page.keyboard.press('Escape');
      await page
        .getByRole('dialog', { name: text(language, 'locations.addLocations.unsavedTitle') })
        .getByRole('button', { name: text(language, 'locations.addLocations.discard') })
        .click();
      await dialog.waitFor({ state: 'detached' });
    }
    await useLanguage(page, 'en');
    await page.goto(`/Locations/${from.siteID}`);

    // Two rows naming one location, told at once; a description the property has, told by the server.
    await page.getByRole('button', { name: 'Add Location' }).click();
    const add = page.getByRole('dialog', { name: `Add Location · ${from.sitePublicName}` });
    await add.getByLabel('Location Description, row 1').fill(tag);
    await add.getByRole('button', { name: 'Add Row' }).click();
    await add.getByLabel('Location Description, row 2').fill(` ${tag.toLowerCase()} `);
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('Another location of this property already has this description.').waitFor();
    await add.getByLabel('Location Description, row 2').fill(taken.locationDescription.toUpperCase());
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText('Another location of this property already has this description.').waitFor();
    expect((await locationsOf(token, from.siteID)).some((r) => r.locationDescription === tag)).toBe(false);
    await add.getByLabel('Location Description, row 2').fill(`${tag} B`);
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText('All locations are added.').waitFor();

    // Renaming onto another location's description.
    const tr = await openRow(page, from.siteID, tag);
    await tr.getByRole('button', { name: `Actions for ${tag}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Location' }).click();
    const edit = page.getByRole('dialog', { name: new RegExp(`${tag}$`) });
    await edit.getByLabel('Location Description').fill(`${tag} b`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Another location of this property already has this description.').waitFor();
    await edit.getByRole('button', { name: 'Close' }).last().click();

    // Moving into a property that has the description.
    await api(token, 'POST', 'BulkCreateLocationWithSetting', [{ locationDescription: tag, fk_SiteID: to!.siteID }]);
    const business = (await api<Array<{ id: number; value: string }>>(token, 'GET', 'GetAllBusinessLookup')).find(
      (b) => b.id === from.fk_BusEntityID,
    )!;
    await tr.getByRole('button', { name: `Actions for ${tag}` }).click();
    await page.getByRole('menuitem', { name: 'Move Location' }).click();
    const move = page.getByRole('dialog', { name: `Move Location · ${tag}` });
    await move.getByRole('textbox', { name: 'Business' }).click();
    await page.getByRole('option', { name: business.value, exact: true }).click();
    await move.getByRole('textbox', { name: 'Property' }).click();
    await page.getByRole('option', { name: to!.sitePublicName, exact: true }).click();
    await move.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Move Location' }).click();
    await page.getByText('The chosen property already has a location with this description.').waitFor();
    await page.context().close();
  });

  it('[SITE MANAGER] gets the focus back on the control that opened a dialog', async () => {
    const token = await apiToken(demo.manager);
    const { site, row } = await findLocation(token, (r) => !r.deleted && r.servicePoints.length > 0);
    const page = await browser.signedIn(demo.manager);
    const tr = await openRow(page, site.siteID, row.locationDescription);
    const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

    const history = tr.getByRole('button', { name: `View the history of ${row.locationDescription}` });
    await history.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(history)).toBe(true);

    const menu = tr.getByRole('button', { name: `Actions for ${row.locationDescription}` });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Manage Location' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(menu)).toBe(true);

    // A property's menu on My Properties: Reporting, closed, gives the focus back to the menu.
    await page.goto('/MySites');
    const propertyMenu = page.getByRole('button', { name: `Actions for ${site.sitePublicName}` });
    await propertyMenu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Reporting' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(propertyMenu)).toBe(true);
    await page.context().close();
  });
});
