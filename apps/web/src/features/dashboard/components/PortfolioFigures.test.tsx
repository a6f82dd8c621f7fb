// @vitest-environment happy-dom
import { Role, type SystemAlert } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import { PortfolioFigures } from './PortfolioFigures';

const alert: SystemAlert = {
  alertID: 1,
  kind: 'missingDevice',
  params: { meter: 'E000001', site: 'Pine Lake', location: 'A-12', since: '2026-11-10T15:30:00Z' },
  siteID: 1,
  timeZone: 'America/Denver',
  createdAt: '2026-11-10T16:00:00Z',
};

describe('the dashboard’s system alerts', () => {
  it('give every time in the property’s zone and name it: when the alert was raised and the times in its text', async () => {
    signInAs(Role.SiteOwner);
    mockApi({
      'GET GetRealtimeStats': { totalKwh: 0, cO2: 0, billed: 0 },
      'GET Report/DashboardStats': null,
      'GET GetSystemAlerts': [alert],
    });
    renderWithApp(<PortfolioFigures />);
    const item = (await screen.findByText(/has not reported since/)).closest('li')!;
    expect(item.querySelector('time')?.textContent).toBe('Nov 10, 2026, 9:00 AM MST');
    expect(item.textContent).toContain('has not reported since Nov 10, 2026, 8:30 AM MST.');
  });
});
