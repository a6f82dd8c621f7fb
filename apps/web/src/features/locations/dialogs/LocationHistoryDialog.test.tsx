// @vitest-environment happy-dom
import { Role, routes, type StayHistoryRow } from '@portal/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { locationRow, site } from '../../../test/fixtures';
import { renderWithApp, signInAs } from '../../../test/render';
import { LocationHistoryDialog } from './LocationHistoryDialog';

const stay = (over: Partial<StayHistoryRow>): StayHistoryRow => ({
  stayID: 41,
  checkinDateTime: '2026-11-01T20:00:00.000Z',
  checkoutDateTime: '2026-11-03T17:00:00.000Z',
  guest: { firstName: 'Dana', lastName: 'Reyes', mobileNumber: '(555) 010-4242' },
  totalUsage: 75.5,
  statementTotal: { total: '1234.50', currency: 'USD' },
  meterEvents: [],
  ...over,
});

describe('Location History', () => {
  beforeEach(() => signInAs(Role.SiteManager));

  it("shows each stay's statement total, linked to its statement", async () => {
    const { method, path } = routes.locations.history;
    mockApi({
      [`${method} ${path.replace('/api/', '')}`]: [
        stay({ stayID: 42, checkoutDateTime: null, statementTotal: { total: '8.20', currency: 'EUR' } }),
        stay({}),
      ],
    });
    renderWithApp(<LocationHistoryDialog site={site} row={locationRow(3)} onClose={() => {}} />);
    await screen.findAllByRole('link', { name: 'Statement of Dana Reyes', hidden: true });
    expect(screen.getByRole('columnheader', { name: 'Total', hidden: true })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Statement of Dana Reyes', hidden: true });
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['€8.20', '/Statement/42'],
      ['$1,234.50', '/Statement/41'],
    ]);
  });
});
