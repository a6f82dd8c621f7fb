import type { LocationRow, ServicePointRow } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { locationRow, meterRow } from '../../test/fixtures';
import { fittingMeters } from './dialogs/meterFit';
import {
  addMeterState,
  checkInBlock,
  checkInBlocked,
  resetBlock,
  disconnectIndicatorOn,
  formatUsage,
  meterHealth,
  relayBlocked,
  relayState,
} from './rows';

const cap = (type: number, status: number, response: string | null = null) => ({
  servicePointCapabilityID: Math.floor(Math.random() * 1e6),
  status,
  apiCapabilityResponse: response,
  capability: { capabilityID: 1, displayName: 'x', capabilityType: type },
});

const meter = (over: Partial<ServicePointRow> = {}) => meterRow(1, over);
const row = (meters: ServicePointRow[], over: Partial<LocationRow> = {}) =>
  locationRow(1, { servicePoints: meters, ...over });

describe('check-in and meters on a row (properties section 4)', () => {
  it('refuses a check-in with a cube or data collector, an unavailable meter, no meter, or when deleted, and says why', () => {
    expect(checkInBlocked(row([meter()]))).toBe(false);
    expect(checkInBlock(row([meter({ fk_DeviceTypeGroupId: 3 })]))).toBe('soloDevice');
    expect(checkInBlock(row([meter({ fk_DeviceTypeGroupId: 4 })]))).toBe('soloDevice');
    expect(checkInBlock(row([meter(), meter({ activeInd: 0 })]))).toBe('outOfService');
    expect(checkInBlock(row([meter({ activeInd: 2 })]))).toBe('outOfService');
    expect(checkInBlock(row([]))).toBe('noMeter');
    expect(checkInBlock(row([meter()], { deleted: true }))).toBe('deleted');
  });

  it('says why Reset Reading is unavailable', () => {
    expect(resetBlock(row([meter({ supportsResetReading: false }), meter()]))).toBeNull();
    expect(resetBlock(row([meter({ supportsResetReading: false })]))).toBe('notResettable');
    expect(resetBlock(row([]))).toBe('noMeter');
    expect(resetBlock(row([meter()], { deleted: true }))).toBe('deleted');
  });

  it('hides Add Meter beside a cube or data collector and disables it at two meters', () => {
    expect(addMeterState(row([]))).toBe('enabled');
    expect(addMeterState(row([meter()]))).toBe('enabled');
    expect(addMeterState(row([meter(), meter({ fk_DeviceTypeGroupId: 2 })]))).toBe('disabled');
    expect(addMeterState(row([meter({ fk_DeviceTypeGroupId: 3 })]))).toBe('hidden');
  });

  it("calls a meter 'Missing', 'Good', or 'Good' greyed when excluded", () => {
    expect(meterHealth(meter({ isMissingDevice: true, excludeFromMonitoring: true }))).toBe('missing');
    expect(meterHealth(meter())).toBe('good');
    expect(meterHealth(meter({ excludeFromMonitoring: true }))).toBe('excluded');
  });

  it('shows a pending or failed command before the relay state', () => {
    expect(relayBlocked('Pending')).toBe('pending');
    expect(relayBlocked('Failed: result code 5')).toBe('failed');
    expect(relayBlocked(null)).toBeNull();
    expect(relayState(meter({ servicePointCapabilities: [] }))).toBe('none');
    expect(relayState(meter({ servicePointCapabilities: [cap(2, 1), cap(2, 0, 'pending')] }))).toBe('pending');
    const timedOut = { resultCode: null, servicePointCapabilities: [cap(2, 1, 'Failed: no response')] };
    expect(relayState(meter(timedOut))).toBe('noResponse');
    const refused = { resultCode: 5, servicePointCapabilities: [cap(2, 1, 'Failed: result code 5')] };
    expect(relayState(meter(refused))).toBe('failed');
    expect(relayState(meter({ servicePointCapabilities: [cap(2, 0), cap(2, 1)] }))).toBe('on');
    expect(relayState(meter({ servicePointCapabilities: [cap(2, 0)] }))).toBe('off');
  });

  it('lights the disconnecting-meter indicator only for a confirmed on command of a disconnect meter', () => {
    expect(disconnectIndicatorOn(meter({ resultCode: 0, deviceControlRequestedState: 1 }))).toBe(true);
    expect(disconnectIndicatorOn(meter({ resultCode: 0, deviceControlRequestedState: 0 }))).toBe(false);
    expect(disconnectIndicatorOn(meter({ resultCode: 5, deviceControlRequestedState: 1 }))).toBe(false);
    expect(disconnectIndicatorOn(meter({ resultCode: null, deviceControlRequestedState: 1 }))).toBe(false);
    const relays = meter({ resultCode: 0, deviceControlRequestedState: 1, servicePointCapabilities: [cap(2, 1)] });
    expect(disconnectIndicatorOn(relays)).toBe(false);
  });

  it('shows usage as whole numbers, and the placeholder when unknown', () => {
    expect(formatUsage(12.9)).toBe('12');
    expect(formatUsage(0)).toBe('0');
    expect(formatUsage(null)).toBe('-----');
    expect(formatUsage(undefined)).toBe('-----');
  });
});

describe('Add Meter picker', () => {
  const stock = [
    { servicePointId: 1, servicePointName: 'E1', deviceTypeDisplayName: 'Electric', fk_DeviceTypeGroupId: 1 },
    { servicePointId: 2, servicePointName: 'S1', deviceTypeDisplayName: 'Smart Electric', fk_DeviceTypeGroupId: 6 },
    { servicePointId: 3, servicePointName: 'W1', deviceTypeDisplayName: 'Water', fk_DeviceTypeGroupId: 2 },
    { servicePointId: 4, servicePointName: 'C1', deviceTypeDisplayName: 'Cube', fk_DeviceTypeGroupId: 3 },
  ];
  it('offers everything to an empty location, and the other kind beside a meter', () => {
    expect(fittingMeters(stock, []).meters.map((m) => m.servicePointId)).toEqual([1, 2, 3, 4]);
    expect(fittingMeters(stock, [{ fk_DeviceTypeGroupId: 1 }])).toEqual({ wanted: 'water', meters: [stock[2]] });
    expect(fittingMeters(stock, [{ fk_DeviceTypeGroupId: 2 }]).meters.map((m) => m.servicePointId)).toEqual([1, 2]);
  });
});
