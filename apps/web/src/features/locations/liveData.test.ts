import { QueryClient } from '@tanstack/react-query';
import { api, type LocationRow, type LocationsPage } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryOf } from '../../lib/client';
import { locationRow, meterRow } from '../../test/fixtures';
import { cacheOf } from '../../test/queries';
import { afterLocationChange, applyLiveEvents, holdRows, type PageInput, pageQuery, releaseRows } from './liveData';

const PAGE: PageInput = { search: '', sort: 'description', dir: 'asc', pageIndex: 0, pageSize: '25' };
const pageKey = (siteId: number, input: Partial<PageInput> = {}) => pageQuery(siteId, { ...PAGE, ...input }).queryKey;

const row = (locationID: number, over: Partial<LocationRow> = {}): LocationRow =>
  locationRow(locationID, { servicePoints: [], ...over });

const pageOf = (rows: LocationRow[]): LocationsPage => ({
  rows,
  pageIndex: 0,
  total: rows.length,
  propertyTotal: rows.length,
  statusCounts: { checkedIn: 0, vacant: 0, vacantWithUsage: 0, missing: 0, outOfService: 0, excluded: 0 },
  selectable: { all: 0, allMeters: 0, electric: 0, water: 0, cubes: 0, dataCollectors: 0 },
});

/** A client with two pages of property 1's table cached and one of property 2's. */
function cached() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(pageKey(1), pageOf([row(1), row(2)]));
  queryClient.setQueryData(pageKey(1, { pageIndex: 1 }), pageOf([row(3)]));
  queryClient.setQueryData(pageKey(2), pageOf([row(9)]));
  const reloaded = () =>
    [pageKey(1), pageKey(1, { pageIndex: 1 }), pageKey(2)].map(
      (key) => queryClient.getQueryState(key)?.isInvalidated ?? false,
    );
  return { queryClient, reloaded, page: (siteId: number) => queryClient.getQueryData<LocationsPage>(pageKey(siteId))! };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
afterEach(() => {
  vi.useRealTimers();
});

describe('live events in the cache', () => {
  it("writes meter values into the property's cached pages without a request", async () => {
    const { queryClient, page, reloaded } = cached();
    queryClient.setQueryData(
      pageKey(1),
      pageOf([
        row(1, { servicePoints: [{ servicePointID: 11, kwhTotal: 1 } as LocationRow['servicePoints'][number]] }),
      ]),
    );
    const other = page(2);
    applyLiveEvents(queryClient, [
      { type: 'meterValues', siteId: 1, at: 't', meters: [{ servicePointID: 11, locationID: 1, kwhTotal: 2 }] },
      // malformed: passed over
      { type: 'meterValues', siteId: 1, at: 't', meters: [{ servicePointID: 'x' }] },
    ]);
    await settle();
    expect(page(1).rows[0]!.servicePoints[0]!.kwhTotal).toBe(2);
    expect(page(2)).toBe(other);
    expect(reloaded()).toEqual([false, false, false]);
  });

  it("reads a changed location's property again: its pages, not another property's", async () => {
    const { queryClient, reloaded } = cached();
    applyLiveEvents(queryClient, [
      { type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 2, at: 't' },
      { type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 3, at: 't' },
    ]);
    await settle();
    expect(reloaded()).toEqual([true, true, false]);
  });

  it('leaves the pages of a change made in this tab to it: read once, when it answers', async () => {
    const { queryClient, reloaded } = cached();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    holdRows(1);
    // the check-in's own event arrives while the request waits for the meters
    applyLiveEvents(queryClient, [{ type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 1, at: 't' }]);
    await settle();
    expect(reloaded()).toEqual([false, false, false]);
    await afterLocationChange(queryClient, 1, [1]);
    expect(reloaded()).toEqual([true, true, false]);
    const readings = invalidate.mock.calls.length;
    await releaseRows(queryClient, 1);
    expect(invalidate.mock.calls.length).toBe(readings);
  });

  it('reads the pages again at the end of a change of this tab when another location changed after its reading began', async () => {
    const { queryClient } = cached();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    holdRows(1);
    await afterLocationChange(queryClient, 1, [1]);
    applyLiveEvents(queryClient, [{ type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 2, at: 't' }]);
    const readings = invalidate.mock.calls.length;
    await releaseRows(queryClient, 1);
    expect(invalidate.mock.calls.length).toBe(readings + 1);
  });

  it('refetches what is shown when the server asks to resync', () => {
    const { queryClient } = cached();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyLiveEvents(queryClient, [{ type: 'resync', at: 't' }]);
    expect(invalidate).toHaveBeenCalledWith();
  });
});

/**
 * Property 1's table (location 1 with meter 11, location 2 with meter 21) and the queries
 * around it, cached as the screens key them.
 */
function cachedAround() {
  const cache = cacheOf({
    'page 1 of property 1': pageQuery(1, PAGE),
    'page 1 of property 2': pageQuery(2, PAGE),
    'history 1': queryOf(api.locations.history, { query: { locationID: 1 } }),
    'history 2': queryOf(api.locations.history, { query: { locationID: 2 } }),
    'stay 1': queryOf(api.stays.current, { query: { locationID: 1 } }),
    'stay 2': queryOf(api.stays.current, { query: { locationID: 2 } }),
    'command 11': queryOf(api.devices.command, { query: { servicePointId: 11, messageId: 0 } }),
    'command 21': queryOf(api.devices.command, { query: { servicePointId: 21, messageId: 0 } }),
    'stock 1': queryOf(api.meters.stockOptions, { query: { locationId: 1 } }),
    'my properties': queryOf(api.sites.visible),
    'properties of business 4': queryOf(api.sites.ofBusiness, { query: { busEntityID: 4 } }),
    'current visits': queryOf(api.transactions.current),
    'visit history': queryOf(api.transactions.completed, { query: { CurrentDateRangeFilter: 1 } }),
    'dashboard counts': queryOf(api.dashboard.stats),
    'dashboard alerts': queryOf(api.dashboard.alerts),
    'dashboard figures': queryOf(api.dashboard.realtime),
    'dashboard usage': queryOf(api.dashboard.usageByProperty, { query: { days: 30 } }),
    'reports of property 1': queryOf(api.reports.types, { query: { siteID: 1 } }),
  });
  cache.queryClient.setQueryData(
    pageKey(1),
    pageOf([row(1, { servicePoints: [meterRow(11)] }), row(2, { servicePoints: [meterRow(21)] })]),
  );
  return cache;
}

describe('what a change invalidates', () => {
  const aboutLocation1 = ['command 11', 'history 1', 'stay 1'];
  const lists = ['current visits', 'my properties', 'properties of business 4', 'visit history'];

  it("reloads what is read about a changed location (its live event) and its property's pages, not another location's", async () => {
    const { queryClient, invalidated } = cachedAround();
    applyLiveEvents(queryClient, [{ type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 1, at: 't' }]);
    await settle();
    expect(invalidated()).toEqual(
      [...aboutLocation1, ...lists, 'dashboard alerts', 'dashboard counts', 'page 1 of property 1'].sort(),
    );
  });

  it("a change made here (a check-in, a meter's assignment) reloads the location's queries, the page, the property lists and the transactions", async () => {
    const { queryClient, invalidated } = cachedAround();
    await afterLocationChange(queryClient, 1, [1]);
    expect(invalidated()).toEqual([...aboutLocation1, ...lists, 'page 1 of property 1'].sort());
  });

  it('a change of many locations (a move, new locations) reloads the pages, the property lists and the transactions', async () => {
    const { queryClient, invalidated } = cachedAround();
    await afterLocationChange(queryClient, 1, 'all');
    expect(invalidated()).toEqual([...lists, 'page 1 of property 1'].sort());
  });

  it("meter values: the open stay of a location read, the latest command of a meter that answered, the dashboard's usage within 10 s", () => {
    vi.useFakeTimers();
    const { queryClient, invalidated } = cachedAround();
    applyLiveEvents(queryClient, [
      {
        type: 'meterValues',
        siteId: 1,
        at: 't',
        meters: [
          { servicePointID: 11, locationID: 1, kwhTotal: 2 },
          { servicePointID: 21, locationID: 2, resultCode: 0 },
        ],
      },
    ]);
    expect(invalidated()).toEqual(['command 21', 'stay 1']);
    vi.advanceTimersByTime(10_000);
    expect(invalidated()).toEqual(['command 21', 'dashboard figures', 'dashboard usage', 'stay 1']);
  });
});
