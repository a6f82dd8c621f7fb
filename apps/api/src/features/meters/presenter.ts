import { ActiveInd, REFUSAL_REASONS, type LastRefusal, type ServicePointRow } from '@portal/contract';
import { groupBy } from '../../lib/group';
import type { CapabilityRow, MeterRow, RefusalColumns } from './queries';
import { toStats, type MeterUsageRow } from './usage';
import { isoOrNull } from '../../lib/instants';

const activeIndNames: Record<number, string> = {
  [ActiveInd.Available]: 'Available',
  [ActiveInd.OutOfService]: 'Out of Service',
  [ActiveInd.Unavailable]: 'Unavailable',
};

/** The meter's latest refused message: its reason and when (never what the meter sent). */
export function presentRefusal(r: RefusalColumns): LastRefusal {
  const reason = REFUSAL_REASONS.find((known) => known === r.refusal_reason);
  return reason && r.refused_at !== null ? { reason, at: new Date(r.refused_at).toISOString() } : null;
}

/** The meters of many locations, grouped by location id, in the specification's field names. */
export function presentMeters(
  meters: MeterRow[],
  capabilities: CapabilityRow[],
  usage: MeterUsageRow[],
): Map<number, ServicePointRow[]> {
  const capsByMeter = groupBy(capabilities, (c) => c.service_point_id);
  const usageByMeter = new Map(usage.map((u) => [u.service_point_id, u]));
  const present = (m: MeterRow): ServicePointRow => ({
    servicePointID: m.id,
    servicePointName: m.name,
    deviceKey: m.device_key,
    readByHand: m.read_by_hand,
    deviceTypeDisplayName: m.device_type_display_name,
    fk_DeviceTypeGroupId: m.group_id,
    fk_DeviceTypeId: m.device_type_id,
    fk_DeviceTypeName: m.device_type_name,
    unit: m.unit,
    supportsResetReading: m.supports_reset_reading,
    activeInd: m.active_ind,
    activeIndName: activeIndNames[m.active_ind] ?? 'Unavailable',
    excludeFromMonitoring: m.exclude_from_monitoring,
    isMissingDevice: m.is_missing_device,
    lastSeenDT: isoOrNull(m.last_seen_at),
    kwhTotal: m.last_reading === null ? null : Number(m.last_reading),
    deviceControlRequestedState: m.requested_state,
    resultCode: m.result_code,
    servicePointCapabilities: (capsByMeter.get(m.id) ?? []).map((c) => ({
      servicePointCapabilityID: c.id,
      status: c.status,
      apiCapabilityResponse: c.api_capability_response,
      capability: { capabilityID: c.capability_id, displayName: c.display_name, capabilityType: c.capability_type },
    })),
    usage: toStats(usageByMeter.get(m.id)),
    lastRefusal: presentRefusal(m),
  });
  const byLocation = new Map<number, ServicePointRow[]>();
  for (const [locationId, list] of groupBy(meters, (m) => m.location_id)) byLocation.set(locationId, list.map(present));
  return byLocation;
}
