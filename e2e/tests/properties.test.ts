import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, demo, failure, launchForFile, signIn } from '../support/browser';
import { seriousViolations } from '../support/axe';

const browser = launchForFile();

/** Names made here are unique per run, so that the flows also pass against a server that ran them before. */
const run = Date.now().toString(36).slice(-5).toUpperCase();

/** A property's header toggle: its accessible name is the property name. */
const property = (page: Page | Locator, name: string) => page.getByRole('button', { name, exact: true });

async function openActions(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** Picks an option of a Mantine Select, typing first when the list is long. */
async function choose(scope: Locator, label: string, option: string, search?: string) {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.click();
  if (search) await input.fill(search);
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** A new page signed in while `list` fails: its list says `title` Loading failed; then `list` answers again. */
async function signedInWhileListFails(account: { email: string; password: string }, list: string, title: string) {
  const page = await browser.newPage();
  await page.route(list, (route) => route.fulfill(failure(500, 'Internal error')));
  await signIn(page, account);
  await page.getByText(`${title} Loading failed`).waitFor({ timeout: 20_000 });
  await page.unroute(list);
  return page;
}

/** A page signed in as the administrator, with Add Property open from My Properties. */
async function addPropertyDialog(): Promise<{ page: Page; dialog: Locator }> {
  const page = await browser.signedIn(demo.admin);
  await page.goto('/MySites');
  await page.getByRole('button', { name: 'Add Property' }).click();
  return { page, dialog: page.getByRole('dialog', { name: 'Add Property' }) };
}

/**
 * A page signed in as the administrator, on My Customers, with Add Property open for Northern
 * Trails Parks Ltd. and its name and street address filled in.
 */
async function newNorthernTrailsProperty(
  name: string,
  street: string,
  city: string,
): Promise<{ page: Page; dialog: Locator }> {
  const page = await browser.signedIn(demo.admin);
  await page.getByRole('heading', { level: 1, name: 'Facility Owner - My Customers' }).waitFor();
  await property(page, 'Northern Trails Parks Ltd.').click();
  await page.getByRole('button', { name: 'Add Property to Northern Trails Parks Ltd.' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Property' });
  await dialog.getByRole('textbox', { name: 'Property Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Address 1', exact: true }).fill(street);
  await dialog.getByRole('textbox', { name: 'City', exact: true }).fill(city);
  return { page, dialog };
}

/** Creates a property through the API, as the administrator (for flows that need a fresh one). */
async function createPropertyByApi(page: Page, name: string): Promise<number> {
  const auth = await page.request.post(`${baseUrl()}/api/Account/Authenticate`, {
    data: { Username: demo.admin.email, Password: demo.admin.password },
  });
  const token = (await auth.json()).result.token as string;
  const created = await page.request.post(`${baseUrl()}/api/Site/CreateSite`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      siteID: 0,
      fk_BusEntityID: 3,
      sitePublicName: name,
      physicalAddrLine1: '9 Pier Road',
      physicalCity: 'Kingston',
      physicalZip: 'K7L 2V7',
      fk_PhysicalCountryID: 40,
      fk_PhysicalStateID: (
        await (
          await page.request.get(`${baseUrl()}/api/GetAllStates?countryID=40`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()
      ).result.find((s: { abbreviation: string }) => s.abbreviation === 'ON').stateID,
      timeZone: 'America/Toronto',
      defaultCheckoutTime: '11:00',
      billingRate: 0.2,
      waterBillingRate: 0.01,
      dayStart: '09:00',
      dayEnd: '18:00',
      weekStart: 1,
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()).result.siteID as number;
}

describe('My Properties', () => {
  it('[ADMINISTRATOR] sees every property with its address, counts and monitoring, and the whole menu', async () => {
    const page = await browser.signedIn(demo.admin);
    await page.goto('/MySites');
    await page.getByRole('heading', { level: 1, name: /^My Properties - / }).waitFor();
    const pine = property(page, 'Pine Lake RV Resort');
    await pine.waitFor();
    expect(await pine.getAttribute('aria-describedby')).toBeTruthy();
    const details = page.locator(`#${await pine.getAttribute('aria-describedby')}`);
    expect(await details.textContent()).toMatch(/100 Main Street, Flagstaff, Arizona 86001/);
    expect(await details.textContent()).toMatch(/Active: \d+.*In use: \d+.*Out of service: \d+.*Missing devices: \d+/);
    // One monitoring toggle per property.
    const headers = await page.getByRole('button', { name: /^Actions for / }).count();
    expect(headers).toBeGreaterThanOrEqual(6);
    expect(await page.getByRole('switch', { name: /^Monitoring of / }).count()).toBe(headers);

    const menu = await openActions(page, 'Pine Lake RV Resort');
    expect((await menu.getByRole('menuitem').allTextContents()).map((s) => s.trim())).toEqual([
      'Reporting',
      'Scheduled Reports',
      'Add Location',
      'Assign Meter',
      'Alert thresholds',
      'Manage Property',
      'Property Settings',
      'Tariffs',
      'Delete Property',
    ]);
    await page.keyboard.press('Escape');

    // Expanding shows the locations table; collapsed ones render no body.
    await pine.click();
    await page
      .getByRole('region', { name: 'Locations of Pine Lake RV Resort' })
      .getByRole('table', { name: 'Locations of Pine Lake RV Resort' })
      .waitFor();
    expect(await page.getByRole('region', { name: /^Locations of / }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('[SITE MANAGER] does not see Manage Property, the address or the monitoring toggle', async () => {
    const page = await browser.signedIn(demo.manager);
    await page.getByRole('heading', { level: 1, name: 'My Properties - Lakeside Leisure Group' }).waitFor();
    await property(page, 'Pine Lake RV Resort').waitFor();
    expect(await page.getByText('100 Main Street, Flagstaff, Arizona 86001').count()).toBe(0);
    expect(await page.getByRole('switch').count()).toBe(0);
    const menu = await openActions(page, 'Pine Lake RV Resort');
    expect((await menu.getByRole('menuitem').allTextContents()).map((s) => s.trim())).toEqual([
      'Reporting',
      'Scheduled Reports',
      'Add Location',
      'Assign Meter',
      'Alert thresholds',
    ]);
    await page.context().close();
  });

  it('[SITE MANAGER] reaches the property menu on a 375 px phone and is told Add Location is on its way', async () => {
    const page = await browser.signedIn(demo.manager, { width: 375, height: 740 });
    const actions = page.getByRole('button', { name: 'Actions for Canyon View Campground' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Add Location' }).click();
    const notice = page.getByRole('dialog', { name: 'Add Location' });
    await notice.getByText('Canyon View Campground').waitFor();
    await notice.getByRole('button', { name: 'Close' }).last().click();
    await notice.waitFor({ state: 'detached' });
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });

  it('[SITE OWNER] is told when the properties cannot be loaded; a list of 50 renders only their headers', async () => {
    const list = '**/api/site/GetSitesWithLocationStatesBasedOnUserRole';
    const page = await signedInWhileListFails(demo.owner, list, 'Properties');
    await page.route(list, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const [first] = body.result;
      body.result = Array.from({ length: 50 }, (_, i) => ({
        ...first,
        siteID: 9000 + i,
        sitePublicName: `Park ${i + 1}`,
      }));
      await route.fulfill({ response, json: body });
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Actions for Park 50', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Actions for Park \d+$/ }).count()).toBe(50);
    expect(await page.getByRole('region', { name: /^Locations of / }).count()).toBe(0);
    await property(page, 'Park 7').click();
    await page.getByRole('region', { name: 'Locations of Park 7' }).waitFor();
    expect(await page.getByRole('region', { name: /^Locations of / }).count()).toBe(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });

  it('[ADMINISTRATOR] a new country shows no state; going back shows the state chosen for it, billing too', async () => {
    const { page, dialog } = await addPropertyDialog();
    const state = dialog.getByRole('textbox', { name: 'State', exact: true });
    await expect.poll(() => state.inputValue()).toBe('Alaska');
    await choose(dialog, 'State', 'Minnesota', 'Minne');
    await choose(dialog, 'Country', 'Canada', 'Canad');
    await expect.poll(() => state.inputValue()).toBe('');
    await choose(dialog, 'State', 'Ontario', 'Ont');
    await choose(dialog, 'Country', 'United States', 'United St');
    await expect.poll(() => state.inputValue()).toBe('Minnesota');
    await choose(dialog, 'Country', 'Canada', 'Canad');
    await expect.poll(() => state.inputValue()).toBe('Ontario');

    await dialog.getByRole('checkbox', { name: 'Same as physical address' }).uncheck();
    const billingState = dialog.getByRole('textbox', { name: 'Billing State', exact: true });
    await expect.poll(() => billingState.inputValue()).toBe('Ontario');
    await choose(dialog, 'Billing Country', 'United States', 'United St');
    await expect.poll(() => billingState.inputValue()).toBe('');
    await choose(dialog, 'Billing State', 'Vermont', 'Verm');
    await choose(dialog, 'Billing Country', 'Canada', 'Canad');
    await expect.poll(() => billingState.inputValue()).toBe('Ontario');
    await choose(dialog, 'Billing Country', 'United States', 'United St');
    await expect.poll(() => billingState.inputValue()).toBe('Vermont');
    // Nothing is flagged before the first Save.
    expect(await dialog.getByText('Required field').count()).toBe(0);
    await page.context().close();
  });

  it('[ADMINISTRATOR] saving an empty form names every missing field and the bad zips beside them', async () => {
    const { page, dialog } = await addPropertyDialog();
    const zip = dialog.getByRole('textbox', { name: 'Zip', exact: true });
    await zip.fill('1234');
    await zip.blur();
    await dialog.getByText('Invalid ZIP code format. Use 12345 or 12345-6789.').waitFor();
    await dialog.getByRole('checkbox', { name: 'Same as physical address' }).uncheck();
    await choose(dialog, 'Billing Country', 'Canada', 'Canad');
    const billingZip = dialog.getByRole('textbox', { name: 'Billing Zip', exact: true });
    await billingZip.fill('K1A');
    await billingZip.blur();
    await dialog.getByText('Invalid postal code format.').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();

    await dialog.getByText('Please Select a Business Entity').waitFor();
    await dialog.getByText('Please provide Property Name').waitFor();
    const required = await dialog.getByText('Required field').count();
    expect(required).toBeGreaterThanOrEqual(2); // Address 1 and City (the time zone when the browser's is not listed)
    expect(await dialog.getByText('Invalid physical zip code entered.').count()).toBe(1);
    expect(await dialog.getByText('Invalid postal code format.').count()).toBe(1);
    expect(await zip.getAttribute('aria-invalid')).toBe('true');

    // A country without the state chosen yet: the state is missing, and the zip is checked against the new country.
    await choose(dialog, 'Country', 'Canada', 'Canad');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Required field').count()).toBe(required + 1);
    expect(await dialog.getByText('Invalid physical zip code entered.').count()).toBe(1);
    await page.context().close();
  });

  it('[SITE OWNER] edits the settings of a property', async () => {
    const page = await browser.signedIn(demo.owner);
    await page.route('**/api/Site/GetSiteSetting?*', (route) => route.fulfill(failure(500, 'Internal error')));
    await (
      await openActions(page, 'Canyon View Campground')
    )
      .getByRole('menuitem', { name: 'Property Settings' })
      .click();
    await page.getByText('Setting Loading failed').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.unroute('**/api/Site/GetSiteSetting?*');

    await (
      await openActions(page, 'Canyon View Campground')
    )
      .getByRole('menuitem', { name: 'Property Settings' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Property Settings - Canyon View Campground' });
    const electric = dialog.getByRole('textbox', { name: 'Electric Kwh Rate ($ per kWh)' });
    await electric.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please select Electric Kwh Rate').waitFor();
    await electric.fill('0.125');
    await electric.blur();
    expect(await electric.inputValue()).toBe('0.13');
    const water = dialog.getByRole('textbox', { name: 'Water (Gallons) Rate ($ per gallon)' });
    await water.fill('0.5');
    await water.blur();
    expect(await water.inputValue()).toBe('0.50');

    // A day start later than the day end moves the end up to it.
    await choose(dialog, 'Day Start', '09:00', '09:00');
    await choose(dialog, 'Day End', '18:00', '18:00');
    await choose(dialog, 'Day Start', '19:15', '19:15');
    expect(await dialog.getByRole('textbox', { name: 'Day End', exact: true }).inputValue()).toBe('19:15');
    await dialog.getByRole('textbox', { name: 'Day End', exact: true }).click();
    expect(await page.getByRole('option', { name: '19:00', exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: '22:00', exact: true }).click();
    await choose(dialog, 'Week Start', 'Sunday');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Property settings updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await (
      await openActions(page, 'Canyon View Campground')
    )
      .getByRole('menuitem', { name: 'Property Settings' })
      .click();
    const again = page.getByRole('dialog', { name: 'Property Settings - Canyon View Campground' });
    await again.getByRole('textbox', { name: 'Electric Kwh Rate ($ per kWh)' }).waitFor();
    expect(await again.getByRole('textbox', { name: 'Electric Kwh Rate ($ per kWh)' }).inputValue()).toBe('0.13');
    expect(await again.getByRole('textbox', { name: 'Day Start', exact: true }).inputValue()).toBe('19:15');
    expect(await again.getByRole('textbox', { name: 'Day End', exact: true }).inputValue()).toBe('22:00');
    expect(await again.getByRole('textbox', { name: 'Week Start', exact: true }).inputValue()).toBe('Sunday');
    await page.context().close();
  });

  it('[SITE OWNER] links a property to every partner once, with derived integration keys', async () => {
    const page = await browser.signedIn(demo.owner);
    await (await openActions(page, 'Gulf Breeze RV Park')).getByRole('menuitem', { name: 'Manage Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Property - Gulf Breeze RV Park' });
    const addNew = dialog.getByRole('button', { name: 'Add New' });
    await addNew.waitFor();
    while (await addNew.isEnabled()) await addNew.click();
    const keys = await dialog
      .getByRole('textbox', { name: 'Integration Key' })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(keys).toEqual(
      expect.arrayContaining(['CampspotGulfBreezeRvParkFl', 'DockwaGulfBreezeRvParkFl', 'NewbookGulfBreezeRvParkFl']),
    );
    expect(keys).toHaveLength(4);
    await dialog.getByText('Every partner is already linked.').waitFor();
    await dialog.getByRole('button', { name: 'Remove the integration with Dockwa' }).click();
    expect(await addNew.isEnabled()).toBe(true);

    // A failed save says so with the update text, and keeps the dialog as it was.
    await page.route('**/api/Site/UpdateSite', (route) => route.fulfill(failure(500, 'Internal error')));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('An error has occurred while updating the property. Please check again').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Integration Key' }).count()).toBe(3);
    await page.unroute('**/api/Site/UpdateSite');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Property updated successfully').waitFor();
    await page
      .getByRole('img', { name: 'Integrations of Gulf Breeze RV Park: Campspot, Newbook, RMS Cloud', exact: true })
      .waitFor();
    await page.context().close();
  });
});

describe('Facility Owner - My Customers', () => {
  it('[ADMINISTRATOR] adds a property with an invalid zip and corrects it', async () => {
    const { page, dialog } = await newNorthernTrailsProperty(`Lakeshore Test Park ${run}`, '1 Shore Road', 'Duluth');
    const zip = dialog.getByRole('textbox', { name: 'Zip', exact: true });
    await zip.fill('5580');
    await zip.blur();
    await dialog.getByText('Invalid ZIP code format. Use 12345 or 12345-6789.').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Invalid physical zip code entered.').waitFor();

    // The mask keeps digits only and puts the hyphen in; a trailing hyphen goes on blur.
    await zip.fill('558a02-');
    expect(await zip.inputValue()).toBe('55802-');
    await zip.blur();
    expect(await zip.inputValue()).toBe('55802');
    await choose(dialog, 'State', 'Minnesota', 'Minne');
    await choose(dialog, 'Time Zone', 'America/Chicago', 'Chicago');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Property added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await property(page, `Lakeshore Test Park ${run}`).waitFor();
    await page.context().close();
  });

  it('[ADMINISTRATOR] adds a Canadian property: states reload with the country, postal code rules apply', async () => {
    const { page, dialog } = await newNorthernTrailsProperty(
      `Bay of Quinte Marina ${run}`,
      '3 Harbour Street',
      'Belleville',
    );
    await page.route('**/api/GetAllStates?countryID=158', (route) => route.fulfill(failure(500, 'Internal error')));
    await choose(dialog, 'Country', 'New Zealand');
    await dialog.getByText('Error occur getting states').waitFor();
    await choose(dialog, 'Country', 'Canada');
    await choose(dialog, 'State', 'Ontario', 'Ont');
    const zip = dialog.getByRole('textbox', { name: 'Zip', exact: true });
    await zip.fill('k8n 5');
    await zip.blur();
    await dialog.getByText('Invalid postal code format.').waitFor();
    await zip.fill('k8n 5a8');
    expect(await zip.inputValue()).toBe('K8N 5A8');
    await zip.blur();
    expect(await dialog.getByText('Invalid postal code format.').count()).toBe(0);
    await choose(dialog, 'Time Zone', 'America/Toronto', 'Toronto');

    // A billing address of its own, and nothing typed is lost when the server refuses.
    await dialog.getByRole('checkbox', { name: 'Same as physical address' }).uncheck();
    await dialog.getByRole('textbox', { name: 'Billing Address 1' }).fill('PO Box 12');
    const electric = dialog.getByRole('textbox', { name: 'Electric Kwh Rate ($ per kWh)' });
    await electric.fill('0.3');
    await electric.blur();
    expect(await electric.inputValue()).toBe('0.30');
    await page.route('**/api/Site/CreateSite', (route) => route.fulfill(failure(500, 'Internal error')));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('An error has occurred while adding the property. Please check again').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Billing Address 1' }).inputValue()).toBe('PO Box 12');
    expect(await zip.inputValue()).toBe('K8N 5A8');
    await page.unroute('**/api/Site/CreateSite');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Property added successfully').waitFor();
    await property(page, `Bay of Quinte Marina ${run}`).waitFor();
    await page.context().close();
  });

  it('[ADMINISTRATOR] creates a business entity and finds it by search', async () => {
    const page = await signedInWhileListFails(
      demo.admin,
      '**/api/Business/GetBusEntitiesWithSites?*',
      'Business Entities',
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Add Business Entity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Business Entity' });
    const name = dialog.getByRole('textbox', { name: 'Business Entity Name' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please provide Business Entity Name').waitFor();
    await name.fill('lakeside leisure group');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A business entity with this name already exists.').waitFor();
    await name.fill(`Prairie Sky Campgrounds ${run}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Business entity added successfully').waitFor();

    const search = page.getByRole('searchbox', { name: 'Search for Business Entity or Property' });
    await search.fill(`prairie sky campgrounds ${run.toLowerCase()}`);
    await page.waitForResponse((r) => r.url().includes('GetBusEntitiesWithSites?keyword=prairie'));
    await property(page, 'Lakeside Leisure Group').waitFor({ state: 'detached' });
    await property(page, `Prairie Sky Campgrounds ${run}`).click();
    await page.getByText('No properties yet').waitFor();

    // A property name finds its business, opened at the matching property.
    await search.fill('gulf breeze');
    await page.getByText('Properties matching “gulf breeze”').waitFor();
    await property(page, 'Gulf Breeze RV Park').waitFor();
    expect(await property(page, 'Canyon View Campground').count()).toBe(0);

    await search.fill('');
    await page.getByRole('button', { name: `Rename Prairie Sky Campgrounds ${run}` }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Business Entity' });
    await rename.getByRole('textbox', { name: 'Business Entity Name' }).fill(`Prairie Sky Parks ${run}`);
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Business entity updated successfully').waitFor();
    await property(page, `Prairie Sky Parks ${run}`).waitFor();
    await page.context().close();
  });

  it('[ADMINISTRATOR] switches the monitoring of a property off and on', async () => {
    const page = await browser.signedIn(demo.admin);
    await page.goto('/MySites');
    const toggle = page.getByRole('switch', { name: 'Monitoring of Sound Harbor Marina' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await page.getByText('Monitoring updated').waitFor();
    await page.reload();
    expect(await page.getByRole('switch', { name: 'Monitoring of Sound Harbor Marina' }).isChecked()).toBe(false);
    await page.getByRole('switch', { name: 'Monitoring of Sound Harbor Marina' }).click({ force: true });
    await page.getByText('Monitoring updated').first().waitFor();
    await page.context().close();
  });

  it('[ADMINISTRATOR] deletes a property', async () => {
    const page = await browser.signedIn(demo.admin);
    await createPropertyByApi(page, `Quarry Lake Docks ${run}`);
    await page.goto('/MySites');

    // A property with checked-in locations stays, and the server says why.
    await (await openActions(page, 'Pine Lake RV Resort')).getByRole('menuitem', { name: 'Delete Property' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Property' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText('This property has checked-in locations. Check them out before deleting the property.')
      .waitFor();

    await (
      await openActions(page, `Quarry Lake Docks ${run}`)
    )
      .getByRole('menuitem', { name: 'Delete Property' })
      .click();
    await page.getByRole('dialog', { name: 'Delete Property' }).getByRole('button', { name: 'Cancel' }).click();
    await property(page, `Quarry Lake Docks ${run}`).waitFor();
    await (
      await openActions(page, `Quarry Lake Docks ${run}`)
    )
      .getByRole('menuitem', { name: 'Delete Property' })
      .click();
    await page.getByRole('dialog', { name: 'Delete Property' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Property deleted successfully').waitFor();
    await property(page, `Quarry Lake Docks ${run}`).waitFor({ state: 'detached' });
    await property(page, 'Pine Lake RV Resort').waitFor();
    await page.context().close();
  });

  it('[ADMINISTRATOR] Admin Panel and the property dialog have no serious accessibility violation', async () => {
    const page = await browser.signedIn(demo.admin);
    await property(page, 'Lakeside Leisure Group').click();
    await property(page, 'Pine Lake RV Resort').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await (await openActions(page, 'Pine Lake RV Resort')).getByRole('menuitem', { name: 'Manage Property' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Property - Pine Lake RV Resort' });
    await dialog.getByRole('textbox', { name: 'Property Name' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Property Name' }).inputValue()).toBe('Pine Lake RV Resort');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
