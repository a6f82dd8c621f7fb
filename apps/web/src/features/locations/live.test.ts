import { QueryClient } from '@tanstack/react-query';
import type { LiveMeterValues, LocationsPage, SiteEvent } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { locationRow, locationsPageOf, meterRow } from '../../test/fixtures';
import { locationsLive, planTable } from './live';
import { type PageInput, pageQuery } from './tableCache';

const site = (siteId: number): SiteEvent => ({ type: 'broadcastsitestatesdata', siteId, at: '' });
const loc = (siteId: number, locationId: number): SiteEvent => ({
  type: 'broadcastlocationcapabilitesdata',
  siteId,
  locationId,
  at: '',
});
const values = (siteId: number, ...meters: LiveMeterValues[]): SiteEvent => ({
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

const nothing = { pages: [], patches: [], locations: [], stays: [], commands: [] };

describe("what a burst of events asks of the locations' cache", () => {
  it('patches the rows of meters that read, with no reading of the pages', () => {
    const plan = planTable([values(1, reading(11, 1), reading(12, 2)), values(1, reading(13, 3))]);
    expect(plan).toEqual({
      ...nothing,
      patches: [{ siteId: 1, meters: [reading(11, 1), reading(12, 2), reading(13, 3)] }],
      stays: [1, 2, 3],
    });
  });

  it('reloads the latest command of a meter whose relay answered', () => {
    const seen = { servicePointID: 11, locationID: 1, lastSeenDT: 't' };
    const answered = { servicePointID: 12, locationID: 2, resultCode: 0, relays: [] };
    expect(planTable([values(1, seen, answered)])).toEqual({
      ...nothing,
      patches: [{ siteId: 1, meters: [seen, answered] }],
      commands: [12],
    });
  });

  it('reads the pages of a property whose locations changed, and what is read about each location, once', () => {
    expect(planTable([loc(1, 10), loc(1, 11), loc(1, 10)])).toEqual({ ...nothing, pages: [1], locations: [10, 11] });
  });

  it("reads a property's table whole when its set of locations changed, or too many rows did: nothing to patch", () => {
    const many = Array.from({ length: 5 }, (_, i) => loc(2, i + 1));
    const plan = planTable([site(1), values(1, reading(11, 1)), values(3, reading(31, 30)), ...many, loc(3, 30)], 4);
    expect(plan.pages).toEqual([1, 2, 3]);
    expect(plan.patches).toEqual([{ siteId: 3, meters: [reading(31, 30)] }]);
  });

  it('reads the pages of a property whose meter went missing or came back: the status counts change', () => {
    const gone: LiveMeterValues = { servicePointID: 11, locationID: 1, isMissingDevice: true };
    const plan = planTable([values(1, gone), values(2, reading(21, 4))]);
    expect(plan.pages).toEqual([1]);
    expect(plan.patches).toEqual([
      { siteId: 1, meters: [gone] },
      { siteId: 2, meters: [reading(21, 4)] },
    ]);
  });

  it('asks nothing of no events', () => {
    expect(planTable([])).toEqual(nothing);
  });
});

const PAGE: PageInput = { search: '', sort: 'description', dir: 'asc', pageIndex: 0, pageSize: '25' };

/** Property 1's first two pages and property 2's first, cached. */
function cached() {
  const queryClient = new QueryClient();
  const keys = [pageQuery(1, PAGE), pageQuery(1, { ...PAGE, pageIndex: 1 }), pageQuery(2, PAGE)].map((q) => q.queryKey);
  queryClient.setQueryData(
    keys[0]!,
    locationsPageOf([locationRow(1, { servicePoints: [meterRow(11)] }), locationRow(2)]),
  );
  queryClient.setQueryData(keys[1]!, locationsPageOf([locationRow(3)]));
  queryClient.setQueryData(keys[2]!, locationsPageOf([locationRow(9)]));
  const reloaded = () => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated ?? false);
  const page = (index: number) => queryClient.getQueryData<LocationsPage>(keys[index]!)!;
  return { queryClient, reloaded, page };
}

describe('the live events of the locations table', () => {
  it("writes meter values into the property's cached pages without a request", () => {
    const { queryClient, page, reloaded } = cached();
    const other = page(2);
    locationsLive(queryClient, [values(1, { servicePointID: 11, locationID: 1, kwhTotal: 2 })]);
    expect(page(0).rows[0]!.servicePoints[0]!.kwhTotal).toBe(2);
    expect(page(2)).toBe(other);
    expect(reloaded()).toEqual([false, false, false]);
  });

  it("reads a changed location's property again: its pages, not another property's", () => {
    const { queryClient, reloaded } = cached();
    locationsLive(queryClient, [loc(1, 2), loc(1, 3)]);
    expect(reloaded()).toEqual([true, true, false]);
  });
});
