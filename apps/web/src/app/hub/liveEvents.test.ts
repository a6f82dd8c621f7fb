import { api } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryOf } from '../../lib/client';
import { locationRow, locationsPageOf, meterRow } from '../../test/fixtures';
import { cacheOf } from '../../test/queries';
import { applyLiveEvents, liveHandlers } from './liveEvents';

/** The queries of every screen that follows the hub, cached as they key them, around location 1 of property 1. */
function cached() {
  const page = queryOf(api.locations.page, {
    query: { siteID: 1, search: '', sort: 'description', dir: 'asc', pageIndex: 0, pageSize: '25' },
  });
  const cache = cacheOf({
    'page 1 of property 1': page,
    'history 1': queryOf(api.locations.history, { query: { locationID: 1 } }),
    'history 2': queryOf(api.locations.history, { query: { locationID: 2 } }),
    'stay 1': queryOf(api.stays.current, { query: { locationID: 1 } }),
    'stay 2': queryOf(api.stays.current, { query: { locationID: 2 } }),
    'command 11': queryOf(api.devices.command, { query: { servicePointId: 11, messageId: 0 } }),
    'command 21': queryOf(api.devices.command, { query: { servicePointId: 21, messageId: 0 } }),
    'my properties': queryOf(api.sites.visible),
    'properties of business 4': queryOf(api.sites.ofBusiness, { query: { busEntityID: 4 } }),
    'current visits': queryOf(api.transactions.current),
    'dashboard counts': queryOf(api.dashboard.stats),
    'dashboard alerts': queryOf(api.dashboard.alerts),
    'dashboard figures': queryOf(api.dashboard.realtime),
    'dashboard usage': queryOf(api.dashboard.usageByProperty, { query: { days: 30 } }),
    'reports of property 1': queryOf(api.reports.types, { query: { siteID: 1 } }),
  });
  cache.queryClient.setQueryData(page.queryKey, locationsPageOf([locationRow(1, { servicePoints: [meterRow(11)] })]));
  return cache;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the live hub's events, each feature's handler given them", () => {
  it("a changed location: its property's pages, what is read about it, the property lists, the transactions and the dashboard's counts", () => {
    const { queryClient, invalidated } = cached();
    applyLiveEvents(
      queryClient,
      [{ type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 1, at: 't' }],
      liveHandlers(),
    );
    expect(invalidated()).toEqual([
      'command 11',
      'current visits',
      'dashboard alerts',
      'dashboard counts',
      'history 1',
      'my properties',
      'page 1 of property 1',
      'properties of business 4',
      'stay 1',
    ]);
  });

  it("meter values: the open stay of a location read, the latest command of a meter that answered, the dashboard's usage within 10 s", () => {
    vi.useFakeTimers();
    const { queryClient, invalidated } = cached();
    const meters = [
      { servicePointID: 11, locationID: 1, kwhTotal: 2 },
      { servicePointID: 21, locationID: 2, resultCode: 0 },
    ];
    applyLiveEvents(queryClient, [{ type: 'meterValues', siteId: 1, at: 't', meters }], liveHandlers());
    expect(invalidated()).toEqual(['command 21', 'stay 1']);
    vi.advanceTimersByTime(10_000);
    expect(invalidated()).toEqual(['command 21', 'dashboard figures', 'dashboard usage', 'stay 1']);
  });

  it('passes over an unknown or malformed event', () => {
    const { queryClient, invalidated } = cached();
    const malformed = { type: 'meterValues', siteId: 1, at: 't', meters: [{ servicePointID: 'x' }] };
    applyLiveEvents(queryClient, [malformed, { type: 'other' }], liveHandlers());
    expect(invalidated()).toEqual([]);
  });

  it('refetches what is shown when the server asks to resync', () => {
    const { queryClient } = cached();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyLiveEvents(queryClient, [{ type: 'resync', at: 't' }], liveHandlers());
    expect(invalidate.mock.calls).toEqual([[]]);
  });
});
