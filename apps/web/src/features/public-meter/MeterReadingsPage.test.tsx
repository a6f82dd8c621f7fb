// @vitest-environment happy-dom
import { routes } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { MeterReadingsPage } from './MeterReadingsPage';

const LOOK_UP = `GET ${routes.publicMeter.lookUp.path.replace('/api/', '')}`;
const HOST = `GET ${routes.publicMeter.host.path.replace('/api/', '')}`;
const found = {
  location: { locationPublicName: 'PLR0007', locationDescription: 'Site A-07', status: 'Missing', kwhTotal: 1234.5 },
  unit: 'kWh',
  propertyName: 'Pine Lake',
  dataAsOf: '2026-11-05T18:00:00Z',
  meterReadings: [{ readingDT: '2026-11-05T18:00:00Z', kwHTotalSeparated: '1,234.50' }],
};

function page(route: string, lookUp: object = { result: found }) {
  const server = mockApi({ [LOOK_UP]: () => lookUp, [HOST]: { meterHost: false } });
  return { server, ...renderWithApp(<MeterReadingsPage />, { route }) };
}

describe('the public meter page', () => {
  it('asks for a meter number, and looks nothing up without one', async () => {
    const { server, user } = page('/meterreadings');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Please enter meter number')).toBeTruthy();
    expect(server.callsTo(LOOK_UP)).toEqual([]);
  });

  it("shows the meter's location, property, status in words, reading and history", async () => {
    const { server } = page('/meterreadings?meter=E000007');
    const summary = await screen.findByRole('region', { name: 'Meter Summary' });
    expect(summary.textContent).toContain('Site A-07 (PLR0007)');
    expect(summary.textContent).toContain('Pine Lake');
    expect(screen.getByTestId('meter-status').textContent).toBe('Missing');
    expect(summary.textContent).toContain('1,234.5 kWh');
    expect(screen.getByRole('region', { name: /Usage History/ }).textContent).toContain('1,234.50 kWh');
    expect(server.callsTo(LOOK_UP)[0]?.query).toEqual({ name: 'E000007' });
  });

  it('says when no meter has that number', async () => {
    page('/meterreadings?meter=X', { status: 404, message: 'Meter not found' });
    expect(await screen.findByText('Please enter valid meter number above to see the readings.')).toBeTruthy();
  });
});
