import type { ServicePointRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  EVERY_ROW,
  NO_SELECTION,
  type Selection,
  isSelected,
  ofType,
  selectedCount,
  selectionRequest,
  withRow,
  without,
} from './selection';
import { locationRow, meterRow } from '../../../test/fixtures';

const meter = (id: number, group: number, switchable = true) =>
  meterRow(id, {
    fk_DeviceTypeGroupId: group,
    fk_DeviceTypeId: group,
    ...(switchable ? {} : { servicePointCapabilities: [] }),
  });
const row = (id: number, meters: ServicePointRow[], deleted = false) =>
  locationRow(id, { servicePoints: meters, deleted });

// 1 electric + water, 2 smart electric, 3 water, 4 cube, 5 data collector, 6 no meter, 7 deleted electric
const rows = [
  row(1, [meter(11, 1), meter(12, 2)]),
  row(2, [meter(21, 6)]),
  row(3, [meter(31, 2)]),
  row(4, [meter(41, 3, false)]),
  row(5, [meter(51, 4, false)]),
  row(6, []),
  row(7, [meter(71, 1)], true),
];

const shown = (s: Selection) => rows.filter((r) => isSelected(s, r)).map((r) => r.locationID);
const counts = { all: 6, allMeters: 3, electric: 2, water: 2, cubes: 1, dataCollectors: 1 };

describe('selection types', () => {
  it.each([
    ['select', []],
    ['all', [1, 2, 3, 4, 5, 6]],
    ['allMeters', [1, 2, 3]],
    ['electric', [1, 2]],
    ['water', [1, 3]],
    ['cubes', [4]],
    ['dataCollectors', [5]],
  ] as const)('%s selects locations %j (never a deleted one)', (type, expected) => {
    expect(shown(ofType(type))).toEqual(expected);
    expect(selectedCount(ofType(type), counts)).toBe(expected.length);
  });

  it("'Select All m' takes every live row; unticking one leaves it out of the count and the request", () => {
    const unticked = withRow(EVERY_ROW, rows[1]!, false);
    expect(shown(unticked)).toEqual([1, 3, 4, 5, 6]);
    expect(selectedCount(unticked, counts)).toBe(5);
    expect(selectionRequest(unticked, 9, { search: 'pad', status: 'vacant' })).toEqual({
      siteID: 9,
      all: true,
      search: 'pad',
      status: 'vacant',
      type: 'select',
      locationIDs: [],
      exceptIDs: [2],
    });
    expect(shown(withRow(unticked, rows[1]!, true))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the type when a row of another type is ticked beside it, and sends that row by id', () => {
    const water = withRow(ofType('water'), rows[1]!, true);
    expect(water.type).toBe('water');
    expect(shown(water)).toEqual([1, 2, 3]);
    expect(selectedCount(water, counts)).toBe(3);
    expect(selectionRequest(water, 9, { search: '', status: null })).toMatchObject({
      all: true,
      type: 'water',
      locationIDs: [2],
      exceptIDs: [],
    });
  });

  it('ticks rows one by one, on any page, and never a deleted one', () => {
    const ticked = withRow(withRow(NO_SELECTION, rows[0]!, true), { ...rows[2]!, locationID: 99 }, true);
    expect(shown(ticked)).toEqual([1]);
    expect(selectedCount(ticked, counts)).toBe(2);
    expect(shown(withRow(NO_SELECTION, rows[6]!, true))).toEqual([]);
    expect(selectionRequest(ticked, 9, { search: '', status: null })).toMatchObject({
      all: false,
      locationIDs: [1, 99],
    });
  });

  it('forgets locations that are gone or deleted, the same selection when none was in it', () => {
    const ticked = withRow(withRow(NO_SELECTION, rows[0]!, true), rows[2]!, true);
    expect(shown(without(ticked, [3, 42]))).toEqual([1]);
    const unticked = withRow(EVERY_ROW, rows[0]!, false);
    expect(selectedCount(without(unticked, [1]), { ...counts, all: 5 })).toBe(5);
    expect(without(ticked, [42])).toBe(ticked);
  });
});
