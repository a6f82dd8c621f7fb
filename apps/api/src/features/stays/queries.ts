import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { CapabilityType } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import { guests, stays } from '../../db/schema';

export type RelayRow = {
  service_point_id: number;
  group_id: number;
  active_ind: number;
  last_reading: string | null;
  capability_row_id: number | null;
  capability_id: number | null;
  capability_type: number | null;
  status: number | null;
};

/** The meters of a location with each relay (capability) and its confirmed state. */
export function relaysOfLocation(q: Queryable, locationId: number): Promise<RelayRow[]> {
  return rows<RelayRow>(
    q,
    sql`
    select sp.id as service_point_id, dt.group_id, sp.active_ind, sp.last_reading,
      spc.id as capability_row_id, spc.capability_id, c.capability_type, spc.status
    from service_points sp
    join device_types dt on dt.id = sp.device_type_id
    left join service_point_capabilities spc on spc.service_point_id = sp.id
    left join capabilities c on c.id = spc.capability_id
    where sp.location_id = ${locationId}
    order by sp.slot, spc.capability_id`,
  );
}

export const isDisconnect = (r: RelayRow) => r.capability_type === CapabilityType.Disconnect;

export async function openStay(q: Queryable, locationId: number) {
  const [stay] = await q
    .select()
    .from(stays)
    .where(and(eq(stays.locationId, locationId), isNull(stays.checkoutAt)));
  return stay ?? null;
}

/**
 * What a stay's meter (`sm`, a stay_meters row) used from check-in to `until` (now when
 * null): the sum of the rises of its readings since the opening reading; a reset or a drop
 * adds nothing, so usage never goes negative.
 */
function stayMeterUsage(checkinAt: SQL, until: SQL | null) {
  return sql`coalesce((
    select sum(case when r.is_reset then 0 else greatest(r.total - coalesce(r.prev, sm.opening_reading, r.total), 0) end)
    from (
      select mr.total, mr.is_reset, lag(mr.total) over (order by mr.read_at) as prev
      from meter_readings mr
      where mr.service_point_id = sm.service_point_id and mr.read_at > ${checkinAt}
        ${until === null ? sql`` : sql`and mr.read_at <= ${until}`}
    ) r
  ), 0)`;
}

/** Closes the stay's meters: the closing reading is the meter's latest, the usage since check-in. */
export async function closeStayMeters(q: Queryable, stayId: number, checkinAt: Date, checkoutAt: Date): Promise<void> {
  await q.execute(sql`
    update stay_meters sm
    set closing_reading = sp.last_reading, usage = ${stayMeterUsage(sql`${checkinAt}`, sql`${checkoutAt}`)}
    from service_points sp
    where sm.stay_id = ${stayId} and sp.id = sm.service_point_id`);
}

export type CurrentStayDbRow = {
  id: number;
  checkin_at: Date | string;
  auto_checkout_at: Date | string | null;
  guest_id: number | null;
  mobile_number: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

/** The open stay of a location with its guest. */
export async function currentStay(q: Queryable, locationId: number): Promise<CurrentStayDbRow | null> {
  const [row] = await rows<CurrentStayDbRow>(
    q,
    sql`
    select st.id, st.checkin_at, st.auto_checkout_at, g.id as guest_id, g.mobile_number, g.first_name, g.last_name, g.email
    from stays st
    left join guests g on g.id = st.guest_id
    where st.location_id = ${locationId} and st.checkout_at is null`,
  );
  return row ?? null;
}

export type StayMeterDbRow = {
  service_point_id: number;
  name: string;
  unit: string;
  opening_reading: string | null;
  current_reading: string | null;
  usage: string;
};

/** The meters of an open stay: opening and latest reading, and the usage so far. */
export function openStayMeters(q: Queryable, stayId: number, checkinAt: Date): Promise<StayMeterDbRow[]> {
  return rows<StayMeterDbRow>(
    q,
    sql`
    select sp.id as service_point_id, sp.name, dt.unit, sm.opening_reading, sp.last_reading as current_reading,
      ${stayMeterUsage(sql`${checkinAt}`, null)} as usage
    from stay_meters sm
    join service_points sp on sp.id = sm.service_point_id
    join device_types dt on dt.id = sp.device_type_id
    where sm.stay_id = ${stayId}
    order by sp.slot nulls last, sp.id`,
  );
}

/** The kWh of a closed stay's electric meters. */
export async function electricUsageOfStay(q: Queryable, stayId: number): Promise<string | null> {
  const [row] = await rows<{ kwh: string | null }>(
    q,
    sql`
    select sum(sm.usage) as kwh
    from stay_meters sm
    join service_points sp on sp.id = sm.service_point_id
    join device_types dt on dt.id = sp.device_type_id
    where sm.stay_id = ${stayId} and dt.unit = 'kWh'`,
  );
  return row?.kwh ?? null;
}

/** Guests whose phone starts with the digits typed, among those known to the caller's sites. */
export function searchGuests(
  q: Queryable,
  phonePrefix: string,
  siteCondition: ReturnType<typeof sql>,
  createdBy: number,
) {
  const like = `${phonePrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q
    .select({
      guestID: guests.id,
      mobileNumber: guests.mobileNumber,
      firstName: guests.firstName,
      lastName: guests.lastName,
      email: guests.email,
    })
    .from(guests)
    .where(
      and(
        sql`${guests.mobileNumber} like ${like}`,
        sql`(${guests.createdByUserAccountId} = ${createdBy} or exists (
          select 1 from stays st join sites on sites.id = st.site_id where st.guest_id = ${guests.id} and ${siteCondition}))`,
      ),
    )
    .orderBy(guests.mobileNumber, guests.id)
    .limit(20);
}

/** The latest command of each relay of a location. */
export function latestCommands(q: Queryable, locationId: number) {
  return rows<{ service_point_id: number; capability_id: number | null; requested_state: number; state: string }>(
    q,
    sql`
    select distinct on (m.service_point_id, m.capability_id) m.service_point_id, m.capability_id, m.requested_state, m.state
    from device_control_messages m join service_points sp on sp.id = m.service_point_id
    where sp.location_id = ${locationId}
    order by m.service_point_id, m.capability_id, m.id desc`,
  );
}
