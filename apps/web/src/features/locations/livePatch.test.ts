import type { LocationRow, ServicePointRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { locationRow, meterRow } from '../../test/fixtures';
import { applyMeterValues } from './livePatch';

const meter = (id: number, over: Partial<ServicePointRow> = {}): ServicePointRow =>
  meterRow(id, {
    lastSeenDT: '2026-05-01T10:00:00.000Z',
    deviceControlRequestedState: 1,
    resultCode: 0,
    servicePointCapabilities: [
      {
        servicePointCapabilityID: id * 10,
        status: 1,
        apiCapabilityResponse: null,
        capability: { capabilityID: 2, displayName: '30 A', capabilityType: 2 },
      },
      {
        servicePointCapabilityID: id * 10 + 1,
        status: 0,
        apiCapabilityResponse: null,
        capability: { capabilityID: 3, displayName: '50 A', capabilityType: 2 },
      },
    ],
    usage: { dayUsage: 1, weekUsage: 2, monthUsage: 3, totalUsage: 4 },
    ...over,
  });

const row = (locationID: number, meters: ServicePointRow[]): LocationRow =>
  locationRow(locationID, { isCheckedInState: true, guestName: 'Gina Guest', servicePoints: meters });

const table = () => [row(1, [meter(11), meter(12)]), row(2, [meter(21)]), row(3, [meter(31)])];

describe('applying live meter values to the locations table', () => {
  it('sets the new reading, time and usage of the meters named, and nothing else', () => {
    const rows = table();
    const next = applyMeterValues(rows, [
      {
        servicePointID: 12,
        locationID: 1,
        kwhTotal: 101.25,
        lastSeenDT: '2026-05-01T10:00:30.000Z',
        usage: { dayUsage: 2, weekUsage: 3, monthUsage: 4, totalUsage: 5 },
        isMissingDevice: false,
      },
      { servicePointID: 31, locationID: 3, kwhTotal: 250 },
    ]);
    expect(next[0]!.servicePoints[1]).toEqual({
      ...meter(12),
      kwhTotal: 101.25,
      lastSeenDT: '2026-05-01T10:00:30.000Z',
      usage: { dayUsage: 2, weekUsage: 3, monthUsage: 4, totalUsage: 5 },
    });
    expect(next[2]!.servicePoints[0]!.kwhTotal).toBe(250);
    expect(next[2]!.servicePoints[0]!.usage).toEqual(meter(31).usage);
    // untouched rows and meters stay the same objects: only the patched rows render again
    expect(next[1]).toBe(rows[1]);
    expect(next[0]!.servicePoints[0]).toBe(rows[0]!.servicePoints[0]);
    expect(rows[0]!.servicePoints[1]!.kwhTotal).toBe(100);
  });

  it("sets relays by id, the meter's latest command, and the missing state", () => {
    const next = applyMeterValues(table(), [
      {
        servicePointID: 21,
        locationID: 2,
        deviceControlRequestedState: 1,
        resultCode: null,
        relays: [{ servicePointCapabilityID: 211, status: 0, apiCapabilityResponse: 'Pending' }],
      },
      { servicePointID: 11, locationID: 1, isMissingDevice: true },
    ]);
    const relays = next[1]!.servicePoints[0]!.servicePointCapabilities;
    expect(relays.map((r) => [r.status, r.apiCapabilityResponse, r.capability.displayName])).toEqual([
      [1, null, '30 A'],
      [0, 'Pending', '50 A'],
    ]);
    expect(next[1]!.servicePoints[0]!.resultCode).toBeNull();
    expect(next[0]!.servicePoints[0]!.isMissingDevice).toBe(true);
  });

  it('answers the same table when nothing changed, or the meters are not shown', () => {
    const rows = table();
    expect(applyMeterValues(rows, [{ servicePointID: 11, locationID: 1, kwhTotal: 100 }])).toBe(rows);
    expect(applyMeterValues(rows, [{ servicePointID: 99, locationID: 9, kwhTotal: 5 }])).toBe(rows);
    expect(applyMeterValues(rows, [{ servicePointID: 99, locationID: 1, kwhTotal: 5 }])).toBe(rows);
    expect(applyMeterValues(rows, [])).toBe(rows);
  });

  it('merges several events for one meter, the later winning', () => {
    const next = applyMeterValues(table(), [
      { servicePointID: 11, locationID: 1, kwhTotal: 105, resultCode: null },
      { servicePointID: 11, locationID: 1, kwhTotal: 106 },
    ]);
    expect(next[0]!.servicePoints[0]).toMatchObject({ kwhTotal: 106, resultCode: null });
  });
});
