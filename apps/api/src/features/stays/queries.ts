import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { CapabilityType } from '@portal/contract';
import { rows, type Queryable } from '../../db/client';
import { usageBetween } from '../meters/service';
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
 * null); its reading at check-in is the base when no reading came before.
 */
const stayMeterUsage = (checkinAt: SQL, until: SQL | null) =>
  sql`coalesce((select u.usage from (${usageBetween(sql`sm.service_point_id`, checkinAt, until, sql`sm.opening_reading`)}) u), 0)`;

/**
 * What the stay `st` (a stays row) used of one unit: a closed stay's closing figures, an open
 * one's so far; null when it has no meter of the unit.
 */
export const stayUsage = (unit: 'kWh' | 'gal') => sql`(
  select sum(case when st.checkout_at is null then ${stayMeterUsage(sql`st.checkin_at`, null)} else sm.usage end)
  from stay_meters sm
  join service_points sp on sp.id = sm.service_point_id
  join device_types dt on dt.id = sp.device_type_id
  where sm.stay_id = st.id and dt.unit = ${unit})`;

/**
 * Closes the stay's meters over [check-in, check-out), the span every report uses: the
 * closing reading is the last one read before check-out, the usage the rises since check-in.
 */
export async function closeStayMeters(q: Queryable, stayId: number, checkinAt: Date, checkoutAt: Date): Promise<void> {
  await q.execute(sql`
    update stay_meters sm
    set closing_reading = (
          select r.total from meter_readings r
          where r.service_point_id = sm.service_point_id and r.read_at < ${checkoutAt}
          order by r.read_at desc limit 1),
        usage = ${stayMeterUsage(sql`${checkinAt}`, sql`${checkoutAt}`)}
    where sm.stay_id = ${stayId}`);
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

export type StayHistoryDbRow = {
  id: number;
  checkin_at: Date | string;
  checkout_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  total_kwh: string | null;
};

/** Stays of a location with the kWh of its electric meters: closed stays from their closing readings, an open one so far. */
export function selectStayHistory(q: Queryable, locationId: number): Promise<StayHistoryDbRow[]> {
  return rows<StayHistoryDbRow>(
    q,
    sql`
    select st.id, st.checkin_at, st.checkout_at, g.first_name, g.last_name, g.mobile_number,
      ${stayUsage('kWh')} as total_kwh
    from stays st
    left join guests g on g.id = st.guest_id
    where st.location_id = ${locationId}
    order by st.checkin_at desc
    limit 500`,
  );
}
