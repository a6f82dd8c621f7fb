// @vitest-environment happy-dom
import { Role, routes, type MeterInventoryRow } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import { MeterInventoryPage } from './MeterInventoryPage';

const key = (r: { method: string; path: string }) => `${r.method} ${r.path.replace('/api/', '')}`;

const meter = (over: Partial<MeterInventoryRow> = {}): MeterInventoryRow => ({
  servicePointID: 7,
  servicePointName: 'E000007',
  deviceKey: 'dk-E000007',
  readByHand: false,
  deviceTypeDisplayName: 'Electric',
  fk_DeviceTypeId: 1,
  locationID: null,
  locationDescription: null,
  siteID: null,
  siteName: null,
  activeInd: 1,
  isMissingDevice: false,
  lastSeenDT: null,
  lastRefusal: null,
  maxRatePerHour: '12',
  maxRateOwn: false,
  unit: 'kWh',
  ...over,
});

describe('Meter Inventory › maximum rate', () => {
  it("shows each meter's rate, its type's or its own, and saves one after checking it", async () => {
    signInAs(Role.Administrator);
    const api = mockApi({
      [key(routes.meters.inventory)]: {
        total: 2,
        rows: [
          meter(),
          meter({
            servicePointID: 8,
            servicePointName: 'W000008',
            unit: 'gal',
            maxRatePerHour: '1800',
            maxRateOwn: true,
            deviceKey: null,
            readByHand: true,
          }),
        ],
      },
      [key(routes.meters.setMaxRate)]: () => ({ result: null, message: "The meter's maximum rate has been saved." }),
    });
    renderWithApp(<MeterInventoryPage />);
    const first = (await screen.findByText('E000007')).closest('tr')!;
    expect(first.textContent).toContain("12 kWh an hour (its type's)");
    expect(screen.getByText('W000008').closest('tr')!.textContent).toContain('1,800 gallons an hour');
    // a meter read by hand has no device key: the column says so
    expect(screen.getByText('W000008').closest('tr')!.textContent).toContain('Read by hand');

    await userEvent.click(within(first).getByRole('button', { name: 'Change the maximum rate of E000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maximum rate of E000007' });
    const input = within(dialog).getByRole('textbox', { name: 'Maximum rate (kWh an hour)' });
    await userEvent.type(input, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid value.')).toBeTruthy();
    expect(api.callsTo(key(routes.meters.setMaxRate))).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, '24');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(key(routes.meters.setMaxRate)).map((c) => c.body)).toEqual([
        { servicePointID: 7, maxRatePerHour: '24' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
