import { inArray, sql } from 'drizzle-orm';
import { intArray, rows, type Queryable } from '../../db/client';
import { servicePoints } from '../../db/schema';
import type { AdmittedMeter } from '../meters';
import type { RelayNow } from './relays';

/** The rows of networked meters: a meter read by hand has no device key, so it gets no command and sends no message. */
export const networked = <T extends { deviceKey: string | null }>(found: T[]) =>
  found.flatMap((r) => (r.deviceKey === null ? [] : [{ ...r, deviceKey: r.deviceKey }]));

/** Meters (id, when registered) by device key, for the keys that exist. */
export async function metersByKey(q: Queryable, keys: string[]): Promise<Map<string, AdmittedMeter>> {
  if (!keys.length) return new Map();
  const found = await q
    .select({ id: servicePoints.id, deviceKey: servicePoints.deviceKey, createdAt: servicePoints.createdAt })
    .from(servicePoints)
    .where(inArray(servicePoints.deviceKey, keys));
  return new Map(networked(found).map((f) => [f.deviceKey, { id: f.id, createdAt: f.createdAt }]));
}

/** The relays of these meters with their current commands, as a new command finds them. */
export function relaysNow(q: Queryable, meterIds: number[]): Promise<RelayNow[]> {
  return rows<RelayNow>(
    q,
    sql`
    select spc.id, spc.service_point_id, spc.capability_id, spc.status, spc.command_id,
      m.requested_state as command_requested, m.state as command_state
    from service_point_capabilities spc
    left join device_control_messages m on m.id = spc.command_id
    where spc.service_point_id = any(${intArray(meterIds)})`,
  );
}

export type RelayValuesRow = {
  id: number;
  location_id: number;
  site_id: number;
  requested_state: number | null;
  result_code: number | null;
  relays: Array<{ servicePointCapabilityID: number; status: number; apiCapabilityResponse: string | null }>;
};

/** What the locations table shows of these meters' relays and latest command; meters in stock have no row. */
export function relayValuesOf(q: Queryable, meterIds: number[]): Promise<RelayValuesRow[]> {
  return rows<RelayValuesRow>(
    q,
    sql`
    select sp.id, sp.location_id, l.site_id, m.requested_state, m.result_code,
      coalesce((select json_agg(json_build_object('servicePointCapabilityID', spc.id, 'status', spc.status,
          'apiCapabilityResponse', spc.api_capability_response) order by spc.id)
        from service_point_capabilities spc where spc.service_point_id = sp.id), '[]'::json) as relays
    from service_points sp
    join locations l on l.id = sp.location_id
    left join lateral (
      select requested_state, result_code from device_control_messages
      where service_point_id = sp.id order by id desc limit 1
    ) m on true
    where sp.id = any(${intArray(meterIds)})`,
  );
}

/** The latest command of each meter of a location, with whether the meter is disconnect-capable. */
export async function latestOperations(q: Queryable, locationId: number) {
  const found = await rows<{
    id: number;
    name: string;
    disconnect: boolean;
    message_id: number | null;
    requested_state: number | null;
    result_code: number | null;
    response_received_at: Date | string | null;
    state: string | null;
  }>(
    q,
    sql`
    select sp.id, sp.name,
      exists (select 1 from service_point_capabilities spc join capabilities c on c.id = spc.capability_id
              where spc.service_point_id = sp.id and c.capability_type = 1) as disconnect,
      m.id as message_id, m.requested_state, m.result_code, m.response_received_at, m.state
    from service_points sp
    left join lateral (select * from device_control_messages where service_point_id = sp.id order by id desc limit 1) m on true
    where sp.location_id = ${locationId}
    order by sp.slot`,
  );
  return found.map((r) => ({
    servicePointID: r.id,
    servicePointName: r.name,
    isDisconnectCapable: r.disconnect,
    message:
      r.message_id === null
        ? null
        : {
            messageId: r.message_id,
            servicePointId: r.id,
            requestedState: r.requested_state ?? 0,
            resultCode: r.result_code,
            responseReceivedDate:
              r.response_received_at === null ? null : new Date(r.response_received_at).toISOString(),
            state: r.state ?? 'queued',
          },
  }));
}

export async function siteCapabilities(q: Queryable, siteId: number) {
  const found = await rows<{
    location_id: number;
    service_point_id: number;
    id: number;
    capability_id: number;
    display_name: string;
    capability_type: number;
    status: number;
    api_capability_response: string | null;
  }>(
    q,
    sql`
    select sp.location_id, spc.service_point_id, spc.id, c.id as capability_id, c.display_name, c.capability_type, spc.status, spc.api_capability_response
    from service_point_capabilities spc
    join service_points sp on sp.id = spc.service_point_id
    join locations l on l.id = sp.location_id
    join capabilities c on c.id = spc.capability_id
    where l.site_id = ${siteId}
    order by sp.location_id, sp.slot, c.id`,
  );
  return found.map((r) => ({
    locationID: r.location_id,
    servicePointID: r.service_point_id,
    servicePointCapabilityID: r.id,
    capabilityID: r.capability_id,
    displayName: r.display_name,
    capabilityType: r.capability_type,
    status: r.status,
    apiCapabilityResponse: r.api_capability_response,
  }));
}
