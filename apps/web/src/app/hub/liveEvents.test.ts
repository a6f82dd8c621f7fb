import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedAroundLocation1 } from '../../test/queries';
import { applyLiveEvents, liveHandlers } from './liveEvents';

afterEach(() => {
  vi.useRealTimers();
});

describe("the live hub's events, each feature's handler given them", () => {
  it("a changed location: its property's pages, what is read about it, the property lists, the transactions and the dashboard's counts", () => {
    const { queryClient, invalidated } = cachedAroundLocation1();
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
      'visit history',
    ]);
  });

  it("meter values: the open stay of a location read, the latest command of a meter that answered, the dashboard's usage within 10 s", () => {
    vi.useFakeTimers();
    const { queryClient, invalidated } = cachedAroundLocation1();
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
    const { queryClient, invalidated } = cachedAroundLocation1();
    const malformed = { type: 'meterValues', siteId: 1, at: 't', meters: [{ servicePointID: 'x' }] };
    applyLiveEvents(queryClient, [malformed, { type: 'other' }], liveHandlers());
    expect(invalidated()).toEqual([]);
  });

  it('refetches what is shown when the server asks to resync', () => {
    const { queryClient } = cachedAroundLocation1();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyLiveEvents(queryClient, [{ type: 'resync', at: 't' }], liveHandlers());
    expect(invalidate.mock.calls).toEqual([[]]);
  });
});
