// @vitest-environment happy-dom
import { Role, routes, type StayHistoryRow } from '@portal/contract';
import { screen, within } from '@testing-library/react';
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
