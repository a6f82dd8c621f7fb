import { describe, expect, it } from 'vitest';
import { type HubEvent, parseHubMessage, planRefresh } from './messages';

const site = (siteId: number): HubEvent => ({ type: 'broadcastsitestatesdata', siteId, at: '' });
const loc = (siteId: number, locationId: number): HubEvent => ({
  type: 'broadcastlocationcapabilitesdata',
  siteId,
  locationId,
  at: '',
});

describe('hub messages', () => {
  it('reads the hub frames and ignores anything else', () => {
    expect(parseHubMessage('{"type":"connected","at":"x"}')).toEqual({ type: 'connected', at: 'x' });
    expect(parseHubMessage('{"type":"broadcastsitestatesdata","siteId":4,"at":"t"}')).toEqual({
      type: 'broadcastsitestatesdata',
      siteId: 4,
      at: 't',
    });
    expect(parseHubMessage('{"type":"broadcastlocationcapabilitesdata","siteId":4}')).toBeNull();
    expect(parseHubMessage('{"type":"other"}')).toBeNull();
    expect(parseHubMessage('not json')).toBeNull();
    expect(parseHubMessage(42)).toBeNull();
  });
});

describe('refresh plan', () => {
  it('reloads the whole table when usage moved (a property event alone)', () => {
    expect(planRefresh([site(1)])).toEqual({ siteLists: true, tables: [1], rows: [] });
  });

  it('reloads only the changed rows when a location changed', () => {
    expect(planRefresh([loc(1, 10), site(1), loc(1, 11), loc(1, 10)])).toEqual({
      siteLists: true,
      tables: [],
      rows: [{ siteId: 1, locationIds: [10, 11] }],
    });
  });

  it('reloads the table when too many rows changed at once', () => {
    const many = Array.from({ length: 5 }, (_, i) => loc(2, i + 1));
    expect(planRefresh([...many, site(2)], 4)).toEqual({ siteLists: true, tables: [2], rows: [] });
  });

  it('keeps properties apart', () => {
    expect(planRefresh([site(1), loc(2, 20), site(2)])).toEqual({
      siteLists: true,
      tables: [1],
      rows: [{ siteId: 2, locationIds: [20] }],
    });
  });

  it('does nothing for no events', () => {
    expect(planRefresh([])).toEqual({ siteLists: false, tables: [], rows: [] });
  });
});
