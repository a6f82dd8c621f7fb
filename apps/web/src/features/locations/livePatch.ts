import type { LiveMeterValues, LocationRow, ServicePointRow, UsageStats } from '@portal/contract';

const sameUsage = (a: UsageStats | null, b: UsageStats | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.dayUsage === b.dayUsage &&
    a.weekUsage === b.weekUsage &&
    a.monthUsage === b.monthUsage &&
    a.totalUsage === b.totalUsage);

/** A meter with the values of a live event; the same object when nothing changed. */
function patchMeter(meter: ServicePointRow, values: LiveMeterValues): ServicePointRow {
  const changes: Partial<ServicePointRow> = {};
  const scalar = [
    'kwhTotal',
    'lastSeenDT',
    'isMissingDevice',
    'deviceControlRequestedState',
    'resultCode',
  ] as const satisfies ReadonlyArray<keyof LiveMeterValues & keyof ServicePointRow>;
  for (const key of scalar) {
    const value = values[key];
    if (value !== undefined && value !== meter[key]) Object.assign(changes, { [key]: value });
  }
  if (values.usage !== undefined && !sameUsage(values.usage, meter.usage)) changes.usage = values.usage;
  if (values.relays) {
    const relays = new Map(values.relays.map((r) => [r.servicePointCapabilityID, r]));
    let changed = false;
    const capabilities = meter.servicePointCapabilities.map((c) => {
      const r = relays.get(c.servicePointCapabilityID);
      if (!r || (r.status === c.status && r.apiCapabilityResponse === c.apiCapabilityResponse)) return c;
      changed = true;
      return { ...c, status: r.status, apiCapabilityResponse: r.apiCapabilityResponse };
    });
    if (changed) changes.servicePointCapabilities = capabilities;
  }
  return Object.keys(changes).length ? { ...meter, ...changes } : meter;
}

/**
 * A property's table with meters' new values applied (a `meterValues` event). Rows and meters
 * that did not change stay the same objects, and so does the array when nothing changed: only
 * the patched rows render again. A meter the table does not show is passed over (a row
 * that gains a meter is read again on its own event).
 */
export function applyMeterValues(rows: LocationRow[], meters: readonly LiveMeterValues[]): LocationRow[] {
  const byLocation = new Map<number, Map<number, LiveMeterValues>>();
  for (const m of meters) {
    const ofLocation = byLocation.get(m.locationID) ?? new Map<number, LiveMeterValues>();
    ofLocation.set(m.servicePointID, { ...ofLocation.get(m.servicePointID), ...m });
    byLocation.set(m.locationID, ofLocation);
  }
  let changed = false;
  const next = rows.map((row) => {
    const values = byLocation.get(row.locationID);
    if (!values) return row;
    let rowChanged = false;
    const servicePoints = row.servicePoints.map((sp) => {
      const v = values.get(sp.servicePointID);
      const patched = v ? patchMeter(sp, v) : sp;
      if (patched !== sp) rowChanged = true;
      return patched;
    });
    if (!rowChanged) return row;
    changed = true;
    return { ...row, servicePoints };
  });
  return changed ? next : rows;
}
