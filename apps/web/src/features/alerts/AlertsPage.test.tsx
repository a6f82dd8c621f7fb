// @vitest-environment happy-dom
import { api, Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { keyOf } from '../../lib/api';
import { type Call, mockApi } from '../../test/api';
import { renderWithApp, signInAs } from '../../test/render';
import { propertyRow } from '../../test/fixtures';
import { alertRow } from './alertFixtures';
import { AlertsPage } from './AlertsPage';

const LIST = 'GET Alerts/GetAlerts';
const ACKNOWLEDGE = 'POST Alerts/Acknowledge';
const RESOLVE = 'POST Alerts/Resolve';
const SITES = 'GET site/GetSitesWithLocationStatesBasedOnUserRole';

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function openAlerts({
  route = '/Alerts',
  list = (_call: Call) => ({ result: { total: 2, alerts: [alertRow(1), alertRow(2)] } }),
}: { route?: string; list?: (call: Call) => { status?: number; result?: unknown } } = {}) {
  signInAs(Role.SiteManager);
  const server = mockApi({
    [LIST]: list,
    [SITES]: [propertyRow(3, 'Pine Lake'), propertyRow(4, 'Cedar Cove')],
    [ACKNOWLEDGE]: (call) => ({ result: { count: (call.body as { alertIDs: number[] }).alertIDs.length } }),
    [RESOLVE]: (call) => ({ result: { count: (call.body as { alertIDs: number[] }).alertIDs.length } }),
  });
  const view = renderWithApp(
    <Routes>
      <Route
        path="/Alerts"
        element={
          <>
            <AlertsPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { ...view, server };
}

const table = () => screen.findByRole('table', { name: 'Alerts' });
const bodyRows = (t: HTMLElement) => [...t.querySelectorAll('tbody tr')] as HTMLElement[];

describe('the Alerts page', () => {
  it('lists the answer’s alerts: severity, text, property, time and state in the property’s zone, the location', async () => {
    const { server } = openAlerts({
      list: () => ({
        result: {
          total: 2,
          alerts: [
            alertRow(1),
            alertRow(2, {
              kind: 'leak',
              type: 'leak',
              severity: 'warning',
              state: 'resolved',
              params: { meter: 'W000002', site: 'Pine Lake', location: 'Site 2', hours: 6, usage: 42.5 },
              acknowledgedAt: '2026-11-05T19:00:00.000Z',
              acknowledgedBy: 'Dana Reyes',
              note: 'Valve closed',
              resolvedAt: '2026-11-05T20:00:00.000Z',
              resolvedBy: null,
            }),
          ],
        },
      }),
    });
    const rows = bodyRows(await table());
    expect(server.callsTo(LIST)[0]?.query).toEqual({ page: '1', pageSize: '50' });
    expect(rows).toHaveLength(2);

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Critical')).toBeTruthy();
    expect(first.textContent).toContain(
      'Meter E000001 at Pine Lake / Site 1 has not reported since Nov 5, 2026, 11:00 AM MST.',
    );
    expect(within(first).getByText('Nov 5, 2026, 11:30 AM MST')).toBeTruthy();
    expect(within(first).getByText('Open')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Site 1' }).getAttribute('href')).toBe(
      '/Locations/3?search=Site%201',
    );
    expect(within(first).getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Resolve' })).toBeTruthy();
    expect(await within(first).findByText('Pine Lake')).toBeTruthy();

    expect(within(second).getByText('Warning')).toBeTruthy();
    expect(within(second).getByText('Resolved')).toBeTruthy();
    expect(within(second).getByText('Acknowledged by Dana Reyes on Nov 5, 2026, 12:00 PM MST')).toBeTruthy();
    expect(within(second).getByText('Resolved automatically on Nov 5, 2026, 1:00 PM MST')).toBeTruthy();
    expect(within(second).getByText('Note: Valve closed')).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();

    expect(screen.getByText('Alerts 1–2 of 2').getAttribute('role')).toBe('status');
  });

  it('keeps the acknowledgement’s note beside the resolution’s once an alert is resolved', async () => {
    openAlerts({
      list: () => ({
        result: {
          total: 1,
          alerts: [
            alertRow(2, {
              state: 'resolved',
              acknowledgedAt: '2026-11-05T19:00:00.000Z',
              acknowledgedBy: 'Dana Reyes',
              note: 'Valve closed',
              resolvedAt: '2026-11-05T20:00:00.000Z',
              resolvedBy: 'Sam Ortiz',
              resolutionNote: 'Pipe replaced',
            }),
          ],
        },
      }),
    });
    const [row] = bodyRows(await table()) as [HTMLElement];
    const lines = [...row.querySelectorAll('td:nth-child(6) p')].map((p) => p.textContent);
    expect(lines).toEqual([
      'Acknowledged by Dana Reyes on Nov 5, 2026, 12:00 PM MST',
      'Note: Valve closed',
      'Resolved by Sam Ortiz on Nov 5, 2026, 1:00 PM MST',
      'Resolution note: Pipe replaced',
    ]);
  });

  it('sends the property of a link and each filter the user picks, and keeps them in the address', async () => {
    const { user, server } = openAlerts({
      route: '/Alerts?siteID=3',
      list: () => ({ result: { total: 120, alerts: [alertRow(1)] } }),
    });
    await table();
    expect(server.callsTo(LIST)[0]?.query).toEqual({ siteID: '3', page: '1', pageSize: '50' });
    const property = screen.getByRole('combobox', { name: 'Property' });
    await waitFor(() => expect((property as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Pine Lake'));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.callsTo(LIST).at(-1)?.query.page).toBe('2'));

    // a filter goes back to the first page
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Acknowledged');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Leak');
    await waitFor(() =>
      expect(server.callsTo(LIST).at(-1)?.query).toEqual({
        siteID: '3',
        state: 'acknowledged',
        type: 'leak',
        page: '1',
        pageSize: '50',
      }),
    );
    expect(screen.getByTestId('address').textContent).toBe('?siteID=3&state=acknowledged&type=leak');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Alerts per page' }), '100');
    await user.selectOptions(property, 'All properties');
    await waitFor(() =>
      expect(server.callsTo(LIST).at(-1)?.query).toEqual({
        state: 'acknowledged',
        type: 'leak',
        page: '1',
        pageSize: '100',
      }),
    );
    expect(screen.getByTestId('address').textContent).toBe('?state=acknowledged&type=leak&pageSize=100');
  });

  it('acknowledges the selected alerts with a note, then fetches the alerts, the dashboard and the properties again', async () => {
    const { user, server, queryClient } = openAlerts();
    await table();
    for (const call of [api.dashboard.alerts, api.sites.ofBusiness]) queryClient.setQueryData(keyOf(call), []);

    const acknowledge = screen.getByRole('button', { name: 'Acknowledge selected' });
    expect(acknowledge.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Select alerts in the table to acknowledge or resolve them.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Select all alerts on this page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    await user.click(acknowledge);
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge alerts' });
    expect(within(dialog).getByText(/Alerts to acknowledge: 2\./)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), '  Crew on the way ');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    await waitFor(() => expect(server.callsTo(ACKNOWLEDGE)).toHaveLength(1));
    expect(server.callsTo(ACKNOWLEDGE)[0]?.body).toEqual({ alertIDs: [1, 2], note: 'Crew on the way' });
    expect(await screen.findByText('Alerts acknowledged: 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    expect(server.callsTo(SITES).length).toBeGreaterThanOrEqual(2);
    for (const call of [api.dashboard.alerts, api.sites.ofBusiness]) {
      expect(queryClient.getQueryState(keyOf(call))?.isInvalidated, call.path).toBe(true);
    }
  });

  it('resolves one alert from its row, and Cancel sends nothing', async () => {
    const { user, server } = openAlerts();
    const [, second] = bodyRows(await table()) as [HTMLElement, HTMLElement];

    await user.click(within(second).getByRole('button', { name: 'Resolve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Resolve alerts' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo(RESOLVE)).toEqual([]);
    // the focus goes back to the button that opened the dialog
    await waitFor(() => expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Resolve' })));

    await user.click(within(second).getByRole('button', { name: 'Resolve' }));
    dialog = await screen.findByRole('dialog', { name: 'Resolve alerts' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(server.callsTo(RESOLVE)[0]?.body).toEqual({ alertIDs: [2], note: '' }));
    expect(await screen.findByText('Alerts resolved: 1')).toBeTruthy();
  });

  it('says when no alert matches the filters', async () => {
    openAlerts({ list: () => ({ result: { total: 0, alerts: [] } }) });
    expect(await screen.findByText('No alerts match these filters.')).toBeTruthy();
  });

  it('shows the failure with a way to try again', async () => {
    openAlerts({ list: () => ({ status: 500 }) });
    const failure = await screen.findByText(/The alerts could not be loaded\./);
    expect(failure.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
