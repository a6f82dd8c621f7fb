// @vitest-environment happy-dom
import { api, type MeterAssignment, Role } from '@portal/contract';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryOf } from '../../lib/client';
import { mockApi } from '../../test/api';
import { locationRow } from '../../test/fixtures';
import { cacheOf } from '../../test/queries';
import { signInAs } from '../../test/render';
import { useAddMeter, useCheckOut, useCreateMeter, useSaveWithServices } from './hooks';

/** The queries of other screens, as they key them. */
const cache = () =>
  cacheOf({
    'history 1': queryOf(api.locations.history, { query: { locationID: 1 } }),
    'history 2': queryOf(api.locations.history, { query: { locationID: 2 } }),
    'stay 1': queryOf(api.stays.current, { query: { locationID: 1 } }),
    'stay 2': queryOf(api.stays.current, { query: { locationID: 2 } }),
    'my properties': queryOf(api.sites.visible),
    'current visits': queryOf(api.transactions.current),
    'meter inventory': queryOf(api.meters.inventory, { query: { search: '', page: 1, pageSize: 50 } }),
    'stock of location 2': queryOf(api.meters.stockOptions, { query: { locationId: 2 } }),
    'assignable meters': queryOf(api.meters.assignable, { query: { siteID: 1 } }),
    'location types': queryOf(api.lookups.locationTypes),
  });

describe("what the locations area's changes reload", () => {
  type Wrapper = ({ children }: { children: ReactNode }) => ReactNode;
  it.each([
    {
      change: 'a check-in',
      make: (wrapper: Wrapper) =>
        renderHook(() => useSaveWithServices(1, true), { wrapper }).result.current.mutateAsync({ locationID: 1 }),
    },
    {
      change: 'a check-out',
      make: (wrapper: Wrapper) =>
        renderHook(() => useCheckOut(1), { wrapper }).result.current.mutateAsync({ locationID: 1, readings: [] }),
    },
    {
      change: 'a meter assigned',
      make: (wrapper: Wrapper) =>
        renderHook(() => useAddMeter(1), { wrapper }).result.current.mutateAsync({
          fk_LocationID: 1,
          servicePointID: 9,
        } as MeterAssignment),
    },
  ])(
    "$change: the transactions, the property lists and the location's history and open stay, not another location's",
    async ({ make }) => {
      signInAs(Role.SiteManager);
      mockApi({
        'POST CheckinLocationServicePointCapabilities': { stayID: 31, messageIds: [] },
        'POST CheckOutLocationServicePointCapabilities': { stayID: 31, messageIds: [] },
        'POST AddMeterToLocation': null,
        'GET GetSiteWithLocationStatsSignalRCall': locationRow(1),
      });
      const { wrapper, invalidated } = cache();
      await make(wrapper);
      expect(invalidated()).toEqual(['current visits', 'history 1', 'my properties', 'stay 1']);
    },
  );

  it("a new meter: the inventory, a location's stock, the meters to assign and the property lists", async () => {
    signInAs(Role.Administrator);
    mockApi({ 'POST ServicePoint/CreateMeter': 5 });
    const { wrapper, invalidated } = cache();
    const { result } = renderHook(useCreateMeter, { wrapper });
    await result.current.mutateAsync({
      servicePointName: 'E1',
      deviceKey: 'dk',
      readByHand: false,
      fk_DeviceTypeId: 1,
    });
    expect(invalidated()).toEqual(['assignable meters', 'meter inventory', 'my properties', 'stock of location 2']);
  });
});
