// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import { systemAlert } from '../../../test/fixtures';
import { PortfolioFigures } from './PortfolioFigures';

describe('the dashboard’s system alerts', () => {
  it('give every time in the property’s zone and name it: when the alert was raised and the times in its text', async () => {
    signInAs(Role.SiteOwner);
    mockApi({
      'GET GetRealtimeStats': { totalKwh: 0, cO2: 0, billed: 0 },
      'GET Report/DashboardStats': null,
      'GET GetSystemAlerts': [systemAlert()],
    });
    renderWithApp(<PortfolioFigures />);
    const item = (await screen.findByText(/has not reported since/)).closest('li')!;
    expect(item.querySelector('time')?.textContent).toBe('Nov 10, 2026, 9:00 AM MST');
    expect(item.textContent).toContain('has not reported since Nov 10, 2026, 8:30 AM MST.');
  });
});
