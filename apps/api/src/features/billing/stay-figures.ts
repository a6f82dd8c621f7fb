import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { levelBefore, levelReadingBefore, usageBetween } from '../meters';

/** What a stay's meter (`sm`, a stay_meters row) used from check-in to `until` (now when null). */
export const stayMeterUsage = (checkinAt: SQL, until: SQL | null) =>
  sql`coalesce((select u.usage from (${usageBetween(sql`sm.service_point_id`, checkinAt, until)}) u), 0)`;

/**
 * What the stay `st` (a stays row) used of one unit: a closed stay's closing figures, an open
 * one's so far; null when it has no meter of the unit.
 */
const stayUsage = (unit: 'kWh' | 'gal') => sql`(
  select sum(case when st.checkout_at is null then ${stayMeterUsage(sql`st.checkin_at`, null)} else sm.usage end)
  from stay_meters sm
  join service_points sp on sp.id = sm.service_point_id
  join device_types dt on dt.id = sp.device_type_id
  where sm.stay_id = st.id and dt.unit = ${unit})`;

/**
 * Whether a reading the stay `st` opens or closes at was estimated: as its frozen statement
 * says, else (still open) whether a meter's level at check-in is an estimate.
 */
const stayEstimated = sql`(case when st.statement is not null
  then jsonb_path_exists(st.statement, '$.meters[*] ? (@.openingEstimated == true || @.closingEstimated == true)')
  else exists (
    select 1 from stay_meters sm cross join lateral (${levelReadingBefore(sql`sm.service_point_id`, sql`st.checkin_at`)}) o
    where sm.stay_id = st.id and o.estimated) end)`;

/**
 * What the lists of stays show of the stays row `st`: its usage of each unit (read once, in a
 * lateral `u`), whether an estimated reading is in it, and its frozen statement's total; billing
 * works out the others' totals from them.
 */
export const stayFigures = {
  join: sql`left join lateral (select ${stayUsage('kWh')} as kwh, ${stayUsage('gal')} as gal) u on true`,
  columns: sql`u.kwh, u.gal, ${stayEstimated} as estimated, st.statement->>'total' as frozen_total,
    st.statement->>'currency' as frozen_currency`,
};

/** The columns `stayFigures` adds to a row. */
export type StayFiguresDbRow = {
  kwh: string | null;
  gal: string | null;
  estimated: boolean;
  frozen_total: string | null;
  frozen_currency: string | null;
};

/**
 * The figures of closed stays' meters (the stays `st` the condition picks) over [check-in,
 * check-out), the span every report uses, as the readings stand now: the opening reading is
 * the meter's level before check-in and the closing one its level before check-out (a report's
 * Start and End Reading), the usage that of the readings read between; and each stay's kWh.
 * Check-out stores them; a late or reclassified reading has them worked out again.
 */
export async function refreshStayFigures(q: Queryable, where: SQL): Promise<void> {
  await q.execute(sql`
    update stay_meters sm
    set opening_reading = ${levelBefore(sql`sm.service_point_id`, sql`st.checkin_at`)},
        closing_reading = ${levelBefore(sql`sm.service_point_id`, sql`st.checkout_at`)},
        usage = ${stayMeterUsage(sql`st.checkin_at`, sql`st.checkout_at`)}
    from stays st
    where st.id = sm.stay_id and st.checkout_at is not null and ${where}`);
  await q.execute(sql`
    update stays st set total_usage = (
      select sum(sm.usage) from stay_meters sm
      join service_points sp on sp.id = sm.service_point_id
      join device_types dt on dt.id = sp.device_type_id
      where sm.stay_id = st.id and dt.unit = 'kWh')
    where st.checkout_at is not null and ${where}`);
}
