import { QueryClient } from '@tanstack/react-query';
import type { LocationRow } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../lib/client';
import { locationRow } from '../../test/fixtures';
import { afterLocationChange, applyLiveEvents, holdRows, locationKeys, releaseRows } from './liveData';

vi.mock('../../lib/client', () => ({ request: vi.fn() }));
const get = vi.mocked(request);

const row = (locationID: number, over: Partial<LocationRow> = {}): LocationRow =>
  locationRow(locationID, { servicePoints: [], ...over });

/** A client with the table of property 1 cached, and the row requests it answers. */
function cached() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(locationKeys.table(1), [row(1), row(2)]);
  const rowRequests: number[] = [];
  get.mockImplementation(async (_route: unknown, options?: { query?: Record<string, unknown> }) => {
    const id = Number(options?.query?.locationID);
    rowRequests.push(id);
    return { result: row(id, { isCheckedInState: true }), message: null, statusCode: 200 } as never;
  });
  return { queryClient, rowRequests, table: () => queryClient.getQueryData<LocationRow[]>(locationKeys.table(1))! };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
afterEach(() => get.mockReset());

describe('live events in the cache', () => {
  it('writes meter values into the cached table without a request', async () => {
    const { queryClient, table } = cached();
    queryClient.setQueryData(locationKeys.table(1), [
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
