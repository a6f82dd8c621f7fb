import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_NAMES } from './live-event-names';
import { liveEvents, parseLiveMessage } from './live-events';

describe('live events', () => {
  it('lists every event by name for the code that loads no schemas', () => {
    expect([...LIVE_EVENT_NAMES].sort()).toEqual(Object.keys(liveEvents).sort());
  });

  it('checks a message against its own schema', () => {
    const values = {
      type: 'meterValues',
      siteId: 3,
      at: 't',
      meters: [{ servicePointID: 7, locationID: 9, kwhTotal: 12.5, isMissingDevice: false }],
    };
    expect(parseLiveMessage(values)).toEqual(values);
    expect(parseLiveMessage({ type: 'meterValues', siteId: 3, at: 't', meters: [] })).toBeNull();
    expect(parseLiveMessage({ type: 'broadcastlocationcapabilitesdata', siteId: 3, at: 't' })).toBeNull();
    expect(parseLiveMessage({ type: 'resync', at: 't' })).toEqual({ type: 'resync', at: 't' });
    expect(parseLiveMessage({ type: 'toString', at: 't' })).toBeNull();
    expect(parseLiveMessage('resync')).toBeNull();
  });
});
