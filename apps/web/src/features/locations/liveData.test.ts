import { QueryClient } from '@tanstack/react-query';
import { api, type LocationRow } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryOf, request } from '../../lib/client';
import { locationRow, meterRow } from '../../test/fixtures';
import { cacheOf } from '../../test/queries';
import { afterLocationChange, applyLiveEvents, holdRows, releaseRows, tableQuery } from './liveData';

vi.mock('../../lib/client', async (original) => ({ ...(await original()), request: vi.fn() }));
const get = vi.mocked(request);
const tableKey = (siteId: number) => tableQuery(siteId).queryKey;

const row = (locationID: number, over: Partial<LocationRow> = {}): LocationRow =>
  locationRow(locationID, { servicePoints: [], ...over });

/** A client with the table of property 1 cached, and the row requests it answers. */
function cached() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(tableKey(1), [row(1), row(2)]);
  const rowRequests = answerRows();
  return { queryClient, rowRequests, table: () => queryClient.getQueryData<LocationRow[]>(tableKey(1))! };
}

/** Answers the row requests (checked in); the ids asked for. */
function answerRows(): number[] {
  const rowRequests: number[] = [];
  get.mockImplementation(async (_route: unknown, options?: { query?: Record<string, unknown> }) => {
    const id = Number(options?.query?.locationID);
    rowRequests.push(id);
    return { result: row(id, { isCheckedInState: true }), message: null, statusCode: 200 } as never;
  });
  return rowRequests;
}

const settle = () => new Promise((r) => setTimeout(r, 0));
afterEach(() => {
  get.mockReset();
  vi.useRealTimers();
});

describe('live events in the cache', () => {
  it('writes meter values into the cached table without a request', async () => {
    const { queryClient, table } = cached();
    queryClient.setQueryData(tableKey(1), [
      row(1, {
        servicePoints: [{ servicePointID: 11, kwhTotal: 1 } as LocationRow['servicePoints'][number]],
      }),
    ]);
    applyLiveEvents(queryClient, [
      { type: 'meterValues', siteId: 1, at: 't', meters: [{ servicePointID: 11, locationID: 1, kwhTotal: 2 }] },
      // malformed: passed over
      { type: 'meterValues', siteId: 1, at: 't', meters: [{ servicePointID: 'x' }] },
    ]);
    await settle();
    expect(table()[0]!.servicePoints[0]!.kwhTotal).toBe(2);
    expect(get).not.toHaveBeenCalled();
  });

  it("reads a changed location's row, once", async () => {
    const { queryClient, rowRequests, table } = cached();
    applyLiveEvents(queryClient, [
      { type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 2, at: 't' },
      { type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 2, at: 't' },
    ]);
    await settle();
    expect(rowRequests).toEqual([2]);
    expect(table()[1]!.isCheckedInState).toBe(true);
  });

  it('leaves the rows of a change made in this tab to it: the row is read once, when it answers', async () => {
    const { queryClient, rowRequests } = cached();
    holdRows(1);
    // the check-in's own event arrives while the request waits for the meters
    applyLiveEvents(queryClient, [{ type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 1, at: 't' }]);
    await settle();
    expect(rowRequests).toEqual([]);
    await afterLocationChange(queryClient, 1, [1]);
    await releaseRows(queryClient, 1);
    expect(rowRequests).toEqual([1]);
  });

  it('reads at the end of a change of this tab the rows another change asked for meanwhile', async () => {
    const { queryClient, rowRequests } = cached();
    holdRows(1);
    applyLiveEvents(queryClient, [{ type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 2, at: 't' }]);
    await afterLocationChange(queryClient, 1, [1]);
    await releaseRows(queryClient, 1);
    expect(rowRequests).toEqual([1, 2]);
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
    'table 1': tableQuery(1),
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
  cache.queryClient.setQueryData(tableKey(1), [
    row(1, { servicePoints: [meterRow(11)] }),
    row(2, { servicePoints: [meterRow(21)] }),
  ]);
  return { ...cache, rowRequests: answerRows() };
}

describe('what a change invalidates', () => {
  const aboutLocation1 = ['command 11', 'history 1', 'stay 1'];
  const lists = ['current visits', 'my properties', 'properties of business 4', 'visit history'];

  it("reloads what is read about a changed location (its live event), not another location's", async () => {
    const { queryClient, rowRequests, invalidated } = cachedAround();
    applyLiveEvents(queryClient, [{ type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 1, at: 't' }]);
    await settle();
    expect(invalidated()).toEqual([...aboutLocation1, ...lists, 'dashboard alerts', 'dashboard counts'].sort());
    expect(rowRequests).toEqual([1]);
  });

  it("a change made here (a check-in, a meter's assignment) reloads the location's queries, the property lists and the transactions", async () => {
    const { queryClient, rowRequests, invalidated } = cachedAround();
    await afterLocationChange(queryClient, 1, [1]);
    expect(invalidated()).toEqual([...aboutLocation1, ...lists].sort());
    expect(rowRequests).toEqual([1]);
  });

  it('a change of many locations (a move, new locations) reloads the table, the property lists and the transactions', async () => {
    const { queryClient, rowRequests, invalidated } = cachedAround();
    await afterLocationChange(queryClient, 1, 'all');
    expect(invalidated()).toEqual([...lists, 'table 1'].sort());
    expect(rowRequests).toEqual([]);
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
