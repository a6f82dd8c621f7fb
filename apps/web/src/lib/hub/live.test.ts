import { QueryClient } from '@tanstack/react-query';
import type { LiveMessage, SiteEvent } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { changesCounts, onLive, readsMeters } from './live';

const located: SiteEvent = { type: 'broadcastlocationcapabilitesdata', siteId: 1, locationId: 2, at: '' };
const read: SiteEvent = {
  type: 'meterValues',
  siteId: 1,
  at: '',
  meters: [{ servicePointID: 3, locationID: 2, kwhTotal: 5 }],
};
const missing: SiteEvent = {
  type: 'meterValues',
  siteId: 1,
  at: '',
  meters: [{ servicePointID: 3, locationID: 2, isMissingDevice: true }],
};
const heartbeat: LiveMessage = { type: 'heartbeat', at: '' };

describe("a feature's handler of live events", () => {
  it('is given the events it names, in order, and nothing of a burst without them', () => {
    const apply = vi.fn();
    const handle = onLive(['meterValues', 'broadcastlocationcapabilitesdata'], apply);
    const queryClient = new QueryClient();
    handle(queryClient, [read, heartbeat, located]);
    handle(queryClient, [heartbeat]);
    expect(apply.mock.calls).toEqual([[queryClient, [read, located]]]);
  });
});

describe('what an event changes', () => {
  it.each([
    ['a location changed', located, { counts: true, usage: false }],
    ['a meter read', read, { counts: false, usage: true }],
    ['a meter went missing', missing, { counts: true, usage: false }],
  ])('%s', (_case, event, changes) => {
    expect({ counts: changesCounts(event), usage: readsMeters(event) }).toEqual(changes);
  });
});
