import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { intArray, rows, type Queryable } from '../../db/client';
import { estimateAt, levelBefore } from '../meters';
import { stayFigures, stayMeterUsage, type StayFiguresDbRow } from '../billing';
import { guests, stays } from '../../db/schema';

export type RelayRow = {
  service_point_id: number;
  group_id: number;
  active_ind: number;
  last_reading: string | null;
  capability_row_id: number | null;
  capability_id: number | null;
  capability_type: number | null;
  desired_state: number | null;
  /** The state of the relay's current command. */
  command_state: string | null;
};

/** The meters of a location with each relay (capability): its desired state and its current command's state. */
export function relaysOfLocation(q: Queryable, locationId: number): Promise<RelayRow[]> {
  return rows<RelayRow>(
    q,
    sql`
    select sp.id as service_point_id, dt.group_id, sp.active_ind, sp.last_reading,
      spc.id as capability_row_id, spc.capability_id, c.capability_type, spc.desired_state,
      m.state as command_state
    from service_points sp
    join device_types dt on dt.id = sp.device_type_id
    left join service_point_capabilities spc on spc.service_point_id = sp.id
    left join capabilities c on c.id = spc.capability_id
    left join device_control_messages m on m.id = spc.command_id
    where sp.location_id = ${locationId}
    order by sp.slot, spc.capability_id`,
  );
}

/** A new stay's meters, each opening at its level at check-in. */
export async function addStayMeters(q: Queryable, stayId: number, meterIds: number[], checkinAt: Date): Promise<void> {
  await q.execute(sql`
    insert into stay_meters (stay_id, service_point_id, opening_reading)
    select ${stayId}, m.id, ${levelBefore(sql`m.id`, sql`${checkinAt}::timestamptz`)}
    from unnest(${intArray(meterIds)}) as m(id)`);
}

export async function openStay(q: Queryable, locationId: number) {
  const [stay] = await q
    .select()
    .from(stays)
    .where(and(eq(stays.locationId, locationId), isNull(stays.checkoutAt)));
  return stay ?? null;
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
  read_by_hand: boolean;
  silent: boolean;
  estimate: string | null;
};

/**
 * The meters of an open stay: its level at check-in and now (whatever order the readings came
 * in: a reading from before check-in that arrives later moves the opening), the usage so far,
 * and for one read by hand or gone silent the proposal of an estimate now.
 */
export function openStayMeters(q: Queryable, stayId: number, checkinAt: Date, now: Date): Promise<StayMeterDbRow[]> {
  return rows<StayMeterDbRow>(
    q,
    sql`
    select sp.id as service_point_id, sp.name, dt.unit,
      ${levelBefore(sql`sm.service_point_id`, sql`${checkinAt}::timestamptz`)} as opening_reading,
      ${levelBefore(sql`sm.service_point_id`, sql`'infinity'::timestamptz`)} as current_reading,
      ${stayMeterUsage(sql`${checkinAt}`, null)} as usage,
      sp.read_by_hand, sp.is_missing_device as silent, ${estimateAt(sql`sp`, sql`${now}::timestamptz`)} as estimate
    from stay_meters sm
    join service_points sp on sp.id = sm.service_point_id
    join device_types dt on dt.id = sp.device_type_id
    where sm.stay_id = ${stayId}
    order by sp.slot nulls last, sp.id`,
  );
}

/** Guests whose phone starts with the digits typed, among those the condition lets the caller see. */
export function searchGuests(q: Queryable, phonePrefix: string, visible: SQL) {
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
    .where(and(sql`${guests.mobileNumber} like ${like}`, visible))
    .orderBy(guests.mobileNumber, guests.id)
    .limit(20);
}

type MeterEventDbRow = {
  at: string;
  meter: string;
  kind: 'reset' | 'baseline' | 'rollover' | 'suspect';
  reading: string;
  previous: string | null;
};

export type StayHistoryDbRow = StayFiguresDbRow & {
  id: number;
  checkin_at: Date | string;
  checkout_at: Date | string | null;
  time_zone: string;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  meter_events: MeterEventDbRow[];
};

/**
 * The resets, new baselines, rollovers and rises held back of the stay's meters read from its
 * check-in until the next stay's check-in (`st.next_checkin`), newest first, each with the
 * meter's level before it.
 */
const meterEvents = sql`coalesce((
  select json_agg(json_build_object('at', r.read_at, 'meter', sp.name, 'kind', r.kind, 'reading', r.total::text,
      'previous', ${levelBefore(sql`r.service_point_id`, sql`r.read_at`)}::text) order by r.read_at desc, sp.name)
  from stay_meters sm
  join service_points sp on sp.id = sm.service_point_id
  join meter_readings r on r.service_point_id = sm.service_point_id and r.kind <> 'normal'
    and r.kind in ('reset', 'baseline', 'rollover', 'suspect') and r.read_at >= st.checkin_at
    and r.read_at < coalesce(st.next_checkin, 'infinity')
  where sm.stay_id = st.id), '[]'::json)`;

/**
 * Stays of a location with the kWh of its electric meters (closed stays from their closing
 * readings, an open one so far) and the events of its meters.
 */
export function selectStayHistory(q: Queryable, locationId: number): Promise<StayHistoryDbRow[]> {
  return rows<StayHistoryDbRow>(
    q,
    sql`
    select st.id, st.checkin_at, st.checkout_at, sites.time_zone, g.first_name, g.last_name, g.mobile_number,
      ${stayFigures.columns}, ${meterEvents} as meter_events
    from (
      select s.*, lag(s.checkin_at) over (order by s.checkin_at desc) as next_checkin
      from stays s where s.location_id = ${locationId}
    ) st
    join sites on sites.id = st.site_id
    left join guests g on g.id = st.guest_id
    ${stayFigures.join}
    order by st.checkin_at desc
    limit 500`,
  );
}
