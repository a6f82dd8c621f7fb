// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { locationRow, meterRow, site } from '../../../test/fixtures';
import { renderWithApp, signInAs } from '../../../test/render';
import { LocationsTable } from './LocationsTable';

const TABLE = 'GET GetAllLocationsWithMetersBySiteID';
const rows = [
  locationRow(2),
  locationRow(10, { servicePoints: [meterRow(10), meterRow(11, { fk_DeviceTypeGroupId: 2, unit: 'gal' })] }),
  locationRow(1, { guestName: 'Ada Lovelace', isCheckedInState: true }),
];

async function showTable(role: (typeof Role)[keyof typeof Role]) {
  signInAs(role);
  const api = mockApi({ [TABLE]: rows });
  const view = renderWithApp(<LocationsTable site={site} />);
  const table = await screen.findByRole('table', { name: 'Locations of Pine Lake' });
  return { ...view, api, table };
}

const descriptions = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => tr.getAttribute('data-location-id'));

describe('the locations table', () => {
  it('loads the property once and sorts by description, naturally, both ways', async () => {
    const { api, table, user } = await showTable(Role.SiteManager);
    expect(api.callsTo(TABLE)).toHaveLength(1);
    expect(api.callsTo(TABLE)[0]!.query).toEqual({ siteID: '1' });
    expect(descriptions(table)).toEqual(['1', '2', '10']);

    await user.click(within(table).getByRole('button', { name: /Location Description/ }));
    expect(descriptions(table)).toEqual(['10', '2', '1']);
  });

  it('searches description, meter and guest, and counts what it shows', async () => {
    const { table, user } = await showTable(Role.SiteManager);
    const search = screen.getByRole('textbox', { name: 'Search locations' });
    await user.type(search, 'lovelace');
    await waitFor(() => expect(descriptions(table)).toEqual(['1']));
    expect(screen.getByText('1 of 3 locations')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'E000011');
    await waitFor(() => expect(descriptions(table)).toEqual(['10']));
  });

  it('opens searched for the location a link names (an alert mail’s)', async () => {
    signInAs(Role.SiteManager);
    mockApi({ [TABLE]: rows });
    renderWithApp(<LocationsTable site={site} />, { route: '/Locations/1?search=Site%2010' });
    const table = await screen.findByRole('table', { name: 'Locations of Pine Lake' });
    await waitFor(() => expect(descriptions(table)).toEqual(['10']));
    expect((screen.getByRole('textbox', { name: 'Search locations' }) as HTMLInputElement).value).toBe('Site 10');
  });

  it('[SITE MANAGER] has no selection column and no bulk actions', async () => {
    const { table } = await showTable(Role.SiteManager);
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'On' })).toBeNull();
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('[ADMINISTRATOR] selects rows one by one, and the bulk actions follow the selection', async () => {
    const { table, user } = await showTable(Role.Administrator);
    const on = screen.getByRole('button', { name: 'On' });
    const move = screen.getByRole('button', { name: 'Move Location' });
    expect(screen.getByText('(0 out of 3) selected')).toBeTruthy();
    expect(on.hasAttribute('disabled')).toBe(true);
    expect(move.hasAttribute('disabled')).toBe(true);

    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 2' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 10' }));
    expect(screen.getByText('(2 out of 3) selected')).toBeTruthy();
    expect(on.hasAttribute('disabled')).toBe(false);
    expect(move.hasAttribute('disabled')).toBe(false);

    // The selection survives a new sort order.
    await user.click(within(table).getByRole('button', { name: /Location Description/ }));
    expect(descriptions(table)).toEqual(['10', '2', '1']);
    expect(screen.getByText('(2 out of 3) selected')).toBeTruthy();

    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 2' }));
    expect(screen.getByText('(1 out of 3) selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('(0 out of 3) selected')).toBeTruthy();
    expect(on.hasAttribute('disabled')).toBe(true);
  });

  it('[ADMINISTRATOR] Select All takes the rows the search shows', async () => {
    const { table, user } = await showTable(Role.Administrator);
    await user.type(screen.getByRole('textbox', { name: 'Search locations' }), 'Site 1');
    await waitFor(() => expect(descriptions(table)).toEqual(['1', '10']));
    await user.click(screen.getByRole('button', { name: 'Select All 2' }));
    expect(screen.getByText('(2 out of 2) selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select All 2' }).hasAttribute('disabled')).toBe(true);
    const checked = within(table)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('aria-label'));
    expect(checked).toEqual(['Select Site 1', 'Select Site 10']);
  });

  it('[ADMINISTRATOR] turns the selected meters on after a confirmation, in one call', async () => {
    const { table, user, api } = await showTable(Role.Administrator);
    const sent: unknown[] = [];
    api.fetchMock.mockClear();
    mockApi({
      [TABLE]: rows,
      'PUT BulkSendDeviceControlMessage': (call) => {
        sent.push(call.body);
        return { result: [] };
      },
    });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 10' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Site 1' }));
    await user.click(screen.getByRole('button', { name: 'On' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn meters on' });
    expect(within(dialog).getByText('Send the command to 3 meter(s)?')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual(
      expect.arrayContaining([
        { servicePointId: 10, requestedState: 1 },
        { servicePointId: 11, requestedState: 1 },
        { servicePointId: 1, requestedState: 1 },
      ]),
    );
    expect(sent[0]).toHaveLength(3);
  });
});
