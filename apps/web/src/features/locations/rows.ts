import {
  ActiveInd,
  CapabilityType,
  DeviceGroup,
  type LocationRow,
  MAX_METERS_PER_LOCATION,
  type ServicePointRow,
  USAGE_PLACEHOLDER,
} from '@portal/contract';

/** What the table and its dialogs need to know about a row, derived in one place. */

const SOLO_GROUPS: readonly number[] = [DeviceGroup.Cube, DeviceGroup.DataCollector];
const ELECTRIC_GROUPS: readonly number[] = [DeviceGroup.Electric, DeviceGroup.Metered];

export const isSoloDevice = (meter: Pick<ServicePointRow, 'fk_DeviceTypeGroupId'>) =>
  SOLO_GROUPS.includes(meter.fk_DeviceTypeGroupId);
export const isElectric = (meter: Pick<ServicePointRow, 'fk_DeviceTypeGroupId'>) =>
  ELECTRIC_GROUPS.includes(meter.fk_DeviceTypeGroupId);
export const isWater = (meter: Pick<ServicePointRow, 'fk_DeviceTypeGroupId'>) =>
  meter.fk_DeviceTypeGroupId === DeviceGroup.Water;

/** A Cube or Data Collector on the location: no check-in, no second meter. */
export const hasSoloDevice = (row: LocationRow) => row.servicePoints.some(isSoloDevice);

export type CheckInBlock = 'deleted' | 'noMeter' | 'soloDevice' | 'outOfService';

/**
 * Why a guest cannot be checked in here, or null: properties section 4 (deleted, a cube
 * or data collector, a meter out of service), and no meter at all (nothing to bill).
 */
export function checkInBlock(row: LocationRow): CheckInBlock | null {
  if (row.deleted) return 'deleted';
  if (row.servicePoints.length === 0) return 'noMeter';
  if (hasSoloDevice(row)) return 'soloDevice';
  if (row.servicePoints.some((sp) => sp.activeInd !== ActiveInd.Available)) return 'outOfService';
  return null;
}

export const checkInBlocked = (row: LocationRow) => checkInBlock(row) !== null;

/** Why Reset Reading is unavailable ('Option Unavailable'), or null. */
export function resetBlock(row: LocationRow): 'deleted' | 'noMeter' | 'notResettable' | null {
  if (row.deleted) return 'deleted';
  if (row.servicePoints.length === 0) return 'noMeter';
  return row.servicePoints.some((sp) => sp.supportsResetReading) ? null : 'notResettable';
}

/** Add Meter: hidden with a cube or data collector, disabled at two meters. */
export function addMeterState(row: LocationRow): 'hidden' | 'disabled' | 'enabled' {
  if (hasSoloDevice(row)) return 'hidden';
  return row.servicePoints.length >= MAX_METERS_PER_LOCATION ? 'disabled' : 'enabled';
}

/** Meter health: 'missing' when the meter stopped reporting; 'good' otherwise, 'excluded' (greyed) when not monitored. */
export function meterHealth(meter: ServicePointRow): 'missing' | 'good' | 'excluded' {
  if (meter.isMissingDevice) return 'missing';
  return meter.excludeFromMonitoring ? 'excluded' : 'good';
}

/** A relay whose last command is still out, or failed, cannot be changed in the forms. */
export function relayBlocked(response: string | null): 'pending' | 'failed' | null {
  const text = (response ?? '').toLowerCase();
  if (text.includes('pending')) return 'pending';
  if (text.includes('failed')) return 'failed';
  return null;
}

export type RelayState = 'on' | 'off' | 'pending' | 'failed' | 'noResponse' | 'none';

/**
 * The meter's service as the relays report it: a command out or failed shows first; a
 * failed one whose meter never answered (its last command has no result code) is 'noResponse'.
 */
export function relayState(meter: ServicePointRow): RelayState {
  const caps = meter.servicePointCapabilities;
  if (caps.length === 0) return 'none';
  const blocked = caps.map((c) => relayBlocked(c.apiCapabilityResponse));
  if (blocked.includes('pending')) return 'pending';
  if (blocked.includes('failed')) return meter.resultCode === null ? 'noResponse' : 'failed';
  return caps.some((c) => c.status === 1) ? 'on' : 'off';
}

export const isDisconnectCapable = (meter: ServicePointRow) =>
  meter.servicePointCapabilities.some((c) => c.capability.capabilityType === CapabilityType.Disconnect);

/** The disconnecting-meter indicator: green when the last command (on) succeeded on a disconnect-capable meter. */
export function disconnectIndicatorOn(meter: ServicePointRow): boolean {
  return meter.resultCode === 0 && isDisconnectCapable(meter) && meter.deviceControlRequestedState === 1;
}

/** Usage numbers are whole units; unknown ones show the placeholder. */
export function formatUsage(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? USAGE_PLACEHOLDER
    : String(Math.trunc(value));
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** 'Site A-2' before 'Site A-10'. */
export const naturalCompare = (a: string, b: string) => collator.compare(a, b);
