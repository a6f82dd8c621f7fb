import type { LiveMessage, LiveMeterValues } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { parseHubFrame, planLive } from './messages';

const site = (siteId: number): LiveMessage => ({ type: 'broadcastsitestatesdata', siteId, at: '' });
const loc = (siteId: number, locationId: number): LiveMessage => ({
  type: 'broadcastlocationcapabilitesdata',
  siteId,
  locationId,
  at: '',
});
const values = (siteId: number, ...meters: LiveMeterValues[]): LiveMessage => ({
  type: 'meterValues',
  siteId,
  at: '',
  meters,
});
const reading = (servicePointID: number, locationID: number): LiveMeterValues => ({
  servicePointID,
  locationID,
  kwhTotal: 10,
  lastSeenDT: 't',
  usage: { dayUsage: 1, weekUsage: 1, monthUsage: 1, totalUsage: 1 },
});

const nothing = {
  resync: false,
  tables: [],
  rows: [],
  patches: [],
  locations: [],
  stays: [],
  commands: [],
  counts: false,
  usage: false,
};

describe('hub frames', () => {
  it('knows the events by name at start-up and leaves their payload to be checked later', () => {
    expect(parseHubFrame('{"type":"connected","at":"x"}')).toEqual({ type: 'connected', at: 'x' });
    expect(parseHubFrame('{"type":"meterValues","siteId":4}')).toEqual({ type: 'meterValues', siteId: 4 });
    expect(parseHubFrame('{"type":"other"}')).toBeNull();
    expect(parseHubFrame('[{"type":"resync"}]')).toBeNull();
    expect(parseHubFrame('not json')).toBeNull();
    expect(parseHubFrame(42)).toBeNull();
  });
});

describe('live plan', () => {
  it('patches the rows of meters that read, with no table reload', () => {
    const plan = planLive([values(1, reading(11, 1), reading(12, 2)), values(1, reading(13, 3))]);
    expect(plan).toEqual({
      ...nothing,
      patches: [{ siteId: 1, meters: [reading(11, 1), reading(12, 2), reading(13, 3)] }],
      stays: [1, 2, 3],
      usage: true,
    });
  });

  it('reloads the counts when a meter goes missing or comes back, the command when a relay answers', () => {
    const missing = { servicePointID: 11, locationID: 1, isMissingDevice: true };
    const answered = { servicePointID: 12, locationID: 2, resultCode: 0, relays: [] };
    expect(planLive([values(1, missing, answered)])).toEqual({
      ...nothing,
      patches: [{ siteId: 1, meters: [missing, answered] }],
      commands: [{ locationId: 2, servicePointId: 12 }],
      counts: true,
    });
  });

  it('reloads only the rows of changed locations, each once', () => {
    expect(planLive([loc(1, 10), loc(1, 11), loc(1, 10)])).toEqual({
      ...nothing,
      rows: [{ siteId: 1, locationIds: [10, 11] }],
      locations: [10, 11],
      counts: true,
    });
  });

  it("reloads a property's table when its locations changed, or too many rows did", () => {
    const many = Array.from({ length: 5 }, (_, i) => loc(2, i + 1));
    const plan = planLive([site(1), values(1, reading(11, 1)), ...many, loc(3, 30)], 4);
    expect(plan.tables).toEqual([1, 2]);
    expect(plan.rows).toEqual([{ siteId: 3, locationIds: [30] }]);
    // the table reloads anyway: nothing to patch
    expect(plan.patches).toEqual([]);
  });

  it('resyncs on the server asking, and does nothing for no events', () => {
    expect(planLive([{ type: 'resync', at: '' }]).resync).toBe(true);
    expect(planLive([])).toEqual(nothing);
  });
});
