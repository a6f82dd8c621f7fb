import type { LocationRow, ServicePointRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { idsOfType, metersToMonitor, metersToSwitch, pruneSelection, typeAfterChange } from './selection';

const meter = (id: number, group: number, switchable = true): ServicePointRow => ({
  servicePointID: id,
  servicePointName: `M${id}`.padEnd(7, '0'),
  deviceKey: `dk-${id}`,
  deviceTypeDisplayName: 'x',
  fk_DeviceTypeGroupId: group,
  fk_DeviceTypeId: group,
  fk_DeviceTypeName: 'x',
  unit: 'kWh',
  supportsResetReading: false,
  activeInd: 1,
  activeIndName: 'Available',
  excludeFromMonitoring: false,
  isMissingDevice: false,
  lastSeenDT: null,
  kwhTotal: null,
  deviceControlRequestedState: null,
  resultCode: null,
  servicePointCapabilities: switchable
    ? [
        {
          servicePointCapabilityID: id,
          status: 0,
          apiCapabilityResponse: null,
          capability: { capabilityID: 1, displayName: 'Power', capabilityType: 1 },
        },
      ]
    : [],
  usage: null,
  lastRefusal: null,
});

const row = (id: number, meters: ServicePointRow[], deleted = false): LocationRow => ({
  locationID: id,
  fk_SiteID: 1,
  locationDescription: `Site ${id}`,
  locationPublicName: `L${id}`,
  accountNumber: null,
  locationType: null,
  locationTypeName: null,
  autoCheckoutDateTime: null,
  isCheckedInState: false,
  isRetryState: false,
  deleted,
  guestName: null,
  servicePoints: meters,
});

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

const ids = (s: Set<number>) => [...s].sort((a, b) => a - b);

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
    expect(ids(idsOfType(rows, type))).toEqual(expected);
  });

  it('keeps the type while the selection is exactly what it selects', () => {
    expect(typeAfterChange('water', new Set([1, 3]), rows)).toBe('water');
  });

  it('returns to Select when a row is unticked or another is ticked', () => {
    expect(typeAfterChange('water', new Set([1]), rows)).toBe('select');
    expect(typeAfterChange('water', new Set([1, 3, 6]), rows)).toBe('select');
  });

  it('returns to Select when the rows change under the selection', () => {
    const moreWater = [...rows, row(8, [meter(81, 2)])];
    expect(typeAfterChange('water', new Set([1, 3]), moreWater)).toBe('select');
  });

  it('switches only the switchable meters of the chosen type on the selected rows', () => {
    const all = new Set([1, 2, 3, 4, 5, 6, 7]);
    expect(metersToSwitch(rows, all, 'select').sort()).toEqual([11, 12, 21, 31]);
    expect(metersToSwitch(rows, all, 'water').sort()).toEqual([12, 31]);
    expect(metersToSwitch(rows, new Set([1]), 'electric')).toEqual([11]);
  });

  it('changes the monitoring of every meter of the chosen type on the selected rows', () => {
    expect(metersToMonitor(rows, new Set([1, 4, 7]), 'select')).toEqual([
      { LocationId: 1, ServicePointID: 11 },
      { LocationId: 1, ServicePointID: 12 },
      { LocationId: 4, ServicePointID: 41 },
    ]);
    expect(metersToMonitor(rows, new Set([1, 4]), 'water')).toEqual([{ LocationId: 1, ServicePointID: 12 }]);
  });

  it('forgets selected rows that are gone or deleted', () => {
    expect(ids(pruneSelection(new Set([1, 7, 99]), rows))).toEqual([1]);
  });
});
