// @vitest-environment happy-dom
import { type LocationRow, type LocationsPage, Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Call, mockApi } from '../../../test/api';
import { locationRow, meterRow, site } from '../../../test/fixtures';
import { renderWithApp, signInAs } from '../../../test/render';
import { LocationsTable } from './LocationsTable';

const PAGE = 'GET Locations/GetLocationsPage';
const SWITCH = 'PUT Locations/SwitchSelection';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The server's page call over these rows, as far as the tests need it: search (description,
 * guest, meters), checked-in status, description order both ways, paging (the last page when
 * asked beyond it) and a located row's page.
 */
function pagesOf(rows: LocationRow[]) {
  return (call: Call) => {
    const q = call.query;
    const search = (q.search ?? '').toLowerCase();
    const hits = rows
      .filter((r) =>
        [r.locationDescription, r.guestName ?? '', ...r.servicePoints.map((sp) => sp.servicePointName)]
          .join(' ')
          .toLowerCase()
          .includes(search),
      )
      .filter((r) => q.status !== 'checkedIn' || r.isCheckedInState)
      .sort((a, b) => collator.compare(a.locationDescription, b.locationDescription) * (q.dir === 'desc' ? -1 : 1));
    const size = q.pageSize === 'all' ? hits.length || 1 : Number(q.pageSize ?? 25);
    const located = hits.findIndex((r) => r.locationID === Number(q.locationID));
    const asked = located >= 0 ? Math.floor(located / size) : Number(q.pageIndex ?? 0);
    const pageIndex = Math.min(asked, Math.max(0, Math.ceil(hits.length / size) - 1));
    const live = hits.filter((r) => !r.deleted);
    const withGroup = (groups: number[]) =>
      live.filter((r) => r.servicePoints.some((sp) => groups.includes(sp.fk_DeviceTypeGroupId))).length;
    const result: LocationsPage = {
      rows: hits.slice(pageIndex * size, (pageIndex + 1) * size),
      pageIndex,
      total: hits.length,
      propertyTotal: rows.length,
      statusCounts: {
        checkedIn: rows.filter((r) => r.isCheckedInState).length,
        vacant: rows.filter((r) => !r.isCheckedInState && !r.deleted).length,
        vacantWithUsage: 0,
        missing: 0,
        outOfService: 0,
        excluded: 0,
      },
      selectable: {
        all: live.length,
        allMeters: withGroup([1, 2, 6]),
        electric: withGroup([1, 6]),
        water: withGroup([2]),
        cubes: withGroup([3]),
        dataCollectors: withGroup([4]),
      },
    };
    return { result };
  };
}

const three = [
  locationRow(2),
  locationRow(10, { servicePoints: [meterRow(10), meterRow(11, { fk_DeviceTypeGroupId: 2, unit: 'gal' })] }),
  locationRow(1, { guestName: 'Ada Lovelace', isCheckedInState: true }),
];
/** Site 1 to Site 30: two pages of 25; the even ones have a water meter too. */
const thirty = Array.from({ length: 30 }, (_, i) =>
  locationRow(i + 1, {
    servicePoints: [meterRow(i + 1), ...(i % 2 ? [meterRow(100 + i, { fk_DeviceTypeGroupId: 2, unit: 'gal' })] : [])],
  }),
);

async function showTable(
  role: (typeof Role)[keyof typeof Role],
  rows = three,
  more: Parameters<typeof mockApi>[0] = {},
) {
  signInAs(role);
  const api = mockApi({ [PAGE]: pagesOf(rows), ...more });
  const view = renderWithApp(<LocationsTable site={site} />);
  const table = await screen.findByRole('table', { name: 'Locations of Pine Lake' });
  await waitFor(() => expect(ids(table).length).toBeGreaterThan(0));
  return { ...view, api, table };
}

const ids = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => tr.getAttribute('data-location-id'));

describe('the locations table', () => {
  it('asks the server for the first page of 25 in description order, and again for the other way', async () => {
    const { api, table, user } = await showTable(Role.SiteManager);
    expect(api.callsTo(PAGE)).toHaveLength(1);
    expect(api.callsTo(PAGE)[0]!.query).toEqual({
      siteID: '1',
      search: '',
      sort: 'description',
      dir: 'asc',
      pageIndex: '0',
      pageSize: '25',
    });
    expect(ids(table)).toEqual(['1', '2', '10']);

    await user.click(within(table).getByRole('button', { name: /Location Description/ }));
    await waitFor(() => expect(ids(table)).toEqual(['10', '2', '1']));
    expect(api.callsTo(PAGE).at(-1)!.query).toMatchObject({ sort: 'description', dir: 'desc' });
    expect(
      within(table)
        .getByRole('columnheader', { name: /Location Description/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('searches once the typing pauses, and counts what the search leaves of the property', async () => {
    const { api, table, user } = await showTable(Role.SiteManager);
    await user.type(screen.getByRole('textbox', { name: 'Search locations' }), 'lovelace');
    await waitFor(() => expect(ids(table)).toEqual(['1']));
    expect(api.callsTo(PAGE).map((c) => c.query.search)).toEqual(['', 'lovelace']);
    expect(screen.getByText('1 of 3 locations')).toBeTruthy();
  });

  it('filters by status with the counts of the property in the menu', async () => {
    const { api, table, user } = await showTable(Role.SiteManager);
    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Checked in (1)' }));
    await waitFor(() => expect(ids(table)).toEqual(['1']));
    expect(api.callsTo(PAGE).at(-1)!.query).toMatchObject({ status: 'checkedIn', pageIndex: '0' });
  });

  it('opens searched for the location a link names (an alert mail’s)', async () => {
    signInAs(Role.SiteManager);
    const api = mockApi({ [PAGE]: pagesOf(three) });
    renderWithApp(<LocationsTable site={site} />, { route: '/Locations/1?search=Site%2010' });
    const table = await screen.findByRole('table', { name: 'Locations of Pine Lake' });
    await waitFor(() => expect(ids(table)).toEqual(['10']));
    expect((screen.getByRole('textbox', { name: 'Search locations' }) as HTMLInputElement).value).toBe('Site 10');
    expect(api.callsTo(PAGE).map((c) => c.query.search)).toEqual(['Site 10']);
  });

  it('pages through the server, keeping the page on screen until the next one comes, and offers the length menu', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const serve = pagesOf(thirty);
    const { api, table, user } = await showTable(Role.SiteManager, thirty, {
      [PAGE]: async (call) => {
        if (call.query.pageIndex === '1') await gate;
        return serve(call);
      },
    });
    expect(ids(table)).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    // the next page is on its way: the rows before stay, marked busy
    await waitFor(() => expect(table.closest('[aria-busy="true"]')).not.toBeNull());
    expect(ids(table)).toHaveLength(25);
    open();
    await waitFor(() => expect(ids(table)).toEqual(['26', '27', '28', '29', '30']));
    expect(table.closest('[aria-busy="true"]')).toBeNull();
    expect(api.callsTo(PAGE).at(-1)!.query).toMatchObject({ pageIndex: '1', pageSize: '25' });

    await user.click(screen.getByRole('textbox', { name: 'Rows per page' }));
    const sizes = within(screen.getByRole('listbox', { name: 'Rows per page' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10 / page', '25 / page', '50 / page', '100 / page', '200 / page', '500 / page', 'All']);
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(api.callsTo(PAGE).at(-1)!.query).toMatchObject({ pageIndex: '0', pageSize: 'all' }));
  });

  it('[SITE MANAGER] has no selection column and no bulk actions', async () => {
    const { table } = await showTable(Role.SiteManager);
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'On' })).toBeNull();
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('[ADMINISTRATOR] ticks rows on two pages: the selection survives paging and sorting, On sends them by id', async () => {
    const sent: unknown[] = [];
    const { table, user } = await showTable(Role.Administrator, thirty, {
      [SWITCH]: (call) => {
        sent.push(call.body);
        return { result: [{ messageId: 1 }, { messageId: 2 }, { messageId: 3 }] };
      },
    });
    const on = screen.getByRole('button', { name: 'On' });
    expect(screen.getByText('(0 out of 30) selected')).toBeTruthy();
    expect(on.hasAttribute('disabled')).toBe(true);

    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 2' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(ids(table)[0]).toBe('26'));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 28' }));
    expect(screen.getByText('(2 out of 30) selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(ids(table)[0]).toBe('1'));
    expect((within(table).getByRole('checkbox', { name: 'Select Site 2' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(table).getByRole('button', { name: /Location Description/ }));
    await waitFor(() => expect(ids(table)[0]).toBe('30'));
    expect((within(table).getByRole('checkbox', { name: 'Select Site 28' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('(2 out of 30) selected')).toBeTruthy();

    await user.click(on);
    const dialog = await screen.findByRole('dialog', { name: 'Turn meters on' });
    expect(within(dialog).getByText('Send the command to the meters of 2 selected location(s)?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      selection: {
        siteID: 1,
        all: false,
        search: '',
        status: null,
        type: 'select',
        locationIDs: [2, 28],
        exceptIDs: [],
      },
      requestedState: 1,
    });
    await screen.findByText(/Command sent to 3 meter\(s\)/);
  });

  it("[ADMINISTRATOR] 'Select All m' selects every row the search leaves, across pages; Off sends the selection less the unticked", async () => {
    const sent: unknown[] = [];
    const { table, user } = await showTable(Role.Administrator, thirty, {
      [SWITCH]: (call) => {
        sent.push(call.body);
        return { result: [] };
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Search locations' }), 'Site 2');
    await waitFor(() => expect(ids(table)).toHaveLength(11));
    await user.click(screen.getByRole('button', { name: 'Select All 11' }));
    expect(screen.getByText('(11 out of 11) selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select All 11' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 21' }));
    expect(screen.getByText('(10 out of 11) selected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn meters off' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      selection: {
        siteID: 1,
        all: true,
        search: 'Site 2',
        status: null,
        type: 'select',
        locationIDs: [],
        exceptIDs: [21],
      },
      requestedState: 0,
    });
    // no meter answered the command: the toolbar says so
    await screen.findByText('The selected locations have no meter that can be switched.');

    // another search starts the selection anew
    await user.clear(screen.getByRole('textbox', { name: 'Search locations' }));
    await waitFor(() => expect(screen.getByText('(0 out of 30) selected')).toBeTruthy());
  });

  it('[ADMINISTRATOR] a type selects the locations with such a meter, on every page', async () => {
    const { table, user } = await showTable(Role.Administrator, thirty);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Selection type' }), 'water');
    expect(screen.getByText('(15 out of 30) selected')).toBeTruthy();
    const checked = within(table)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('aria-label'));
    expect(checked).toEqual(
      ['Select Site 2', 'Select Site 4', 'Select Site 6', 'Select Site 8'].concat(
        [10, 12, 14, 16, 18, 20, 22, 24].map((n) => `Select Site ${n}`),
      ),
    );
  });

  it('shows a new location on its page after it is added, highlighted', async () => {
    const rows = [...thirty];
    signInAs(Role.SiteOwner);
    const api = mockApi({
      [PAGE]: pagesOf(rows),
      'POST BulkCreateLocationWithSetting': () => {
        rows.push(locationRow(31));
        return { result: [31] };
      },
    });
    const { user } = renderWithApp(<LocationsTable site={site} withPropertyActions />);
    const table = await screen.findByRole('table', { name: 'Locations of Pine Lake' });
    await waitFor(() => expect(ids(table)).toHaveLength(25));
    await user.click(screen.getByRole('button', { name: 'Add Location' }));
    // the dialog's module loads on first use: under a loaded machine that takes more than a second
    const dialog = await screen.findByRole('dialog', { name: /Add Location/ }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText('Location Description, row 1'), 'Site 31');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // the server finds the page that holds it: the second
    await waitFor(() => expect(ids(table)).toEqual(['26', '27', '28', '29', '30', '31']), { timeout: 3_000 });
    expect(api.callsTo(PAGE).some((c) => c.query.locationID === '31')).toBe(true);
    const added = table.querySelector('tr[data-location-id="31"]')!;
    expect(added.className).toMatch(/highlighted/);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it("[ADMINISTRATOR] moves every selected location, across pages, to the property chosen: the server resolves 'Select All m'", async () => {
    const moved: unknown[] = [];
    const { table, user } = await showTable(Role.Administrator, thirty, {
      'GET GetAllBusinessLookup': [{ id: 3, value: 'Pine Lake LLC' }],
      'GET GetSitesLookupByBusEntityID': [
        { id: 1, value: 'Pine Lake' },
        { id: 5, value: 'Cedar Cove' },
      ],
      'PUT Locations/MoveSelection': (call) => {
        moved.push(call.body);
        return { result: null };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Select All 30' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 1' }));
    await user.click(screen.getByRole('button', { name: 'Move Location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 29 locations' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Business' }));
    await user.click(await screen.findByRole('option', { name: 'Pine Lake LLC' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Property' }));
    // the property the locations are in is not offered
    expect(screen.queryByRole('option', { name: 'Pine Lake' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Cedar Cove' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Move Location' }));
    await waitFor(() => expect(moved).toHaveLength(1));
    expect(moved[0]).toEqual({
      selection: { siteID: 1, all: true, search: '', status: null, type: 'select', locationIDs: [], exceptIDs: [1] },
      SiteId: 5,
    });
    await waitFor(() => expect(screen.getByText('(0 out of 30) selected')).toBeTruthy());
  });
});
