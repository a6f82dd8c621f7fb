// @vitest-environment happy-dom
import { Role, routes, type StayHistoryRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { locationRow, site } from '../../../test/fixtures';
import { renderWithApp, signInAs } from '../../../test/render';
import { LocationHistoryDialog } from './LocationHistoryDialog';

const stay = (stayID: number, checkoutDateTime: string | null, total: string, currency = 'USD'): StayHistoryRow => ({
  stayID,
  checkinDateTime: '2026-11-01T22:00:00.000Z',
  checkoutDateTime,
  guest: { firstName: 'Dana', lastName: 'Reyes', mobileNumber: '(555) 010-4477' },
  totalUsage: 75.5,
  estimated: false,
  statementTotal: { total, currency },
  meterEvents: [],
});

describe('Location History', () => {
  it("shows each stay's statement total, linked to its statement", async () => {
    signInAs(Role.SiteManager);
    const { method, path } = routes.locations.history;
    mockApi({
      [`${method} ${path.replace('/api/', '')}`]: [
        stay(42, null, '8.20', 'EUR'),
        stay(41, '2026-11-03T18:00:00.000Z', '1234.50'),
      ],
    });
    renderWithApp(<LocationHistoryDialog site={site} row={locationRow(2)} onClose={vi.fn()} onDone={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    const open = await within(dialog).findByRole('link', {
      name: 'Statement of the stay Nov 1, 2026, 3:00 PM MST – In-Use',
    });
    expect([open.textContent, open.getAttribute('href')]).toEqual(['€8.20', '/Statement/42']);
    const closed = within(dialog).getByRole('link', {
      name: 'Statement of the stay Nov 1, 2026, 3:00 PM MST – Nov 3, 2026, 11:00 AM MST',
    });
    expect([closed.textContent, closed.getAttribute('href')]).toEqual(['$1,234.50', '/Statement/41']);
    expect(within(dialog).getByRole('columnheader', { name: 'Total' })).toBeTruthy();
  });
});

describe('Readings held back', () => {
  const held = {
    servicePointID: 7,
    servicePointName: 'E000007',
    unit: 'kWh',
    readDateTime: '2026-11-02T18:30:00.000Z',
    reading: '987654',
    previousReading: '2001',
    rise: '985653',
  };
  const key = (r: { method: string; path: string }) => `${r.method} ${r.path.replace('/api/', '')}`;

  it('lists them above the stays, and discards one when the user says so again', async () => {
    signInAs(Role.SiteManager);
    let left = [held];
    const api = mockApi({
      [key(routes.locations.history)]: [stay(41, '2026-11-03T18:00:00.000Z', '1.63')],
      [key(routes.billing.heldBack)]: () => ({ result: left }),
      [key(routes.billing.discardReading)]: () => {
        left = [];
        return { result: null, message: 'The reading has been discarded: it counts for nothing.' };
      },
    });
    renderWithApp(<LocationHistoryDialog site={site} row={locationRow(2)} onClose={vi.fn()} onDone={vi.fn()} />);
    const section = await screen.findByRole('region', { name: 'Readings held back (1)' });
    const row = within(section).getByRole('row', { name: /E000007/ });
    expect(row.textContent).toContain('Nov 2, 2026, 11:30 AM MST');
    expect(row.textContent).toContain('987,654');
    await userEvent.click(within(row).getByRole('button', { name: 'Discard the reading of E000007' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard the reading' });
    expect(ask.textContent).toContain("Discard E000007's reading of 987,654 kWh?");
    await userEvent.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(api.callsTo(key(routes.billing.discardReading)).map((c) => c.body)).toEqual([
        { servicePointID: 7, readDateTime: '2026-11-02T18:30:00.000Z' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: /Readings held back/ })).toBeNull());
  });
});
