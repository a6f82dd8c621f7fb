import { sql, type SQL } from 'drizzle-orm';
import type { FrozenStatement, ReadingPhotoRef, StatementMeter } from '@portal/contract';
import { intArray, rows, type Queryable } from '../../db/client';
import { tariffVersions } from '../../db/schema';
import { levelBefore, levelReadingBefore } from '../meters';
import { stayMeterUsage } from './stay-figures';

export type TariffRow = typeof tariffVersions.$inferSelect & {
  created_by: string | null;
  version_number: number;
  since_creation: boolean;
};

/**
 * The property's number of a version (1, 2, … by the moment they take effect) and whether it is in
 * effect since the property was created, as JSON ({ number, sinceCreation }); null for no version.
 */
export const tariffNumberOf = (versionId: SQL) => sql`(
  select json_build_object(
    'number', (select count(*)::int from tariff_versions x
      where x.site_id = v.site_id and (x.effective_from, x.id) <= (v.effective_from, v.id)),
    'sinceCreation', v.effective_from <= s.created_at)
  from tariff_versions v join sites s on s.id = v.site_id
  where v.id = ${versionId})`;

/** A property's tariff versions, newest first, with their numbers and who made each. */
export function tariffsOf(q: Queryable, siteId: number): Promise<TariffRow[]> {
  return rows<TariffRow>(
    q,
    sql`
    select tv.id, tv.site_id as "siteId", tv.effective_from as "effectiveFrom", tv.currency,
      (row_number() over (order by tv.effective_from, tv.id))::int as version_number,
      tv.effective_from <= s.created_at as since_creation,
      tv.electric_rate::text as "electricRate", tv.water_rate::text as "waterRate",
      tv.electric_blocks as "electricBlocks", tv.fees, tv.minimum_charge::text as "minimumCharge", tv.taxes,
      tv.created_by_user_id as "createdByUserId", tv.created_at as "createdAt",
      nullif(concat_ws(' ', c.first_name, c.last_name), '') as created_by
    from tariff_versions tv
    join sites s on s.id = tv.site_id
    left join user_accounts u on u.id = tv.created_by_user_id
    left join contacts c on c.id = u.contact_id
    where tv.site_id = ${siteId}
    order by tv.effective_from desc, tv.id desc`,
  );
}

/** The version of a property in effect at an instant: the latest to take effect by then. */
const tariffAt = (siteId: SQL, at: SQL) => sql`(
  select tv.id from tariff_versions tv
  where tv.site_id = ${siteId} and tv.effective_from <= ${at}
  order by tv.effective_from desc, tv.id desc limit 1)`;

export type StatementFacts = {
  id: number;
  checkin_at: Date | string;
  checkout_at: Date | string | null;
  statement_link_generation: number;
  statement_token_hash: string | null;
  statement_revoked_at: Date | string | null;
  statement: FrozenStatement | null;
  property_name: string;
  time_zone: string;
  location_name: string;
  location_public_name: string;
  guest_name: string | null;
  /** The version in effect at check-in, as stored; null when the property had none. */
  tariff: (Omit<typeof tariffVersions.$inferSelect, 'effectiveFrom' | 'createdAt'> & { effectiveFrom: string }) | null;
  /** Null when the statement is frozen (its own meters hold then), unless asked for `fresh`. */
  meters: StatementMeter[] | null;
  /** The property's number of the statement's version (frozen or in effect at check-in); null for none. */
  tariff_number: { number: number; sinceCreation: boolean } | null;
};

/**
 * A stay's meters with their readings, usage and events from check-in to check-out (or now):
 * opening and closing at the meter's level before check-in and before check-out (or its level
 * now), whatever order the readings came in; the suspect rises in the stay are under review.
 */
const metersOf = sql`(
  select coalesce(json_agg(json_build_object(
    'servicePointID', sp.id, 'meterName', sp.name, 'unit', dt.unit,
    'openingReading', o.total::text,
    'openingEstimated', coalesce(o.estimated, false),
    'closingReading', c.total::text,
    'closingEstimated', coalesce(c.estimated, false),
    'closingReadingAt', c.read_at,
    'usage', (case when st.checkout_at is null then ${stayMeterUsage(sql`st.checkin_at`, null)}
      else coalesce(sm.usage, 0) end)::text,
    'underReview', (
      select count(*) from meter_readings r
      where r.service_point_id = sm.service_point_id and r.kind <> 'normal' and r.kind = 'suspect'
        and r.read_at >= st.checkin_at and r.read_at < coalesce(st.checkout_at, 'infinity')),
    'events', (
      select coalesce(json_agg(json_build_object('at', r.read_at, 'kind', r.kind, 'reading', r.total::text,
          'previous', ${levelBefore(sql`r.service_point_id`, sql`r.read_at`)}::text) order by r.read_at), '[]'::json)
      from meter_readings r
      -- kind <> 'normal': the partial index of the few readings that break a series
      where r.service_point_id = sm.service_point_id and r.kind <> 'normal'
        and r.kind in ('reset', 'baseline', 'rollover', 'suspect')
        and r.read_at >= st.checkin_at and r.read_at < coalesce(st.checkout_at, 'infinity'))
  ) order by sp.slot nulls last, sp.id), '[]'::json)
  from stay_meters sm
  join service_points sp on sp.id = sm.service_point_id
  join device_types dt on dt.id = sp.device_type_id
  left join lateral (${levelReadingBefore(sql`sm.service_point_id`, sql`st.checkin_at`)}) o on true
  left join lateral (${levelReadingBefore(sql`sm.service_point_id`, sql`coalesce(st.checkout_at, 'infinity')`)}) c on true
  where sm.stay_id = st.id)`;

/** The tariff version in effect at the check-in of the stay `st`, as JSON (null when the property had none). */
const tariffOfStay = sql`(
  select json_build_object('id', tv.id, 'siteId', tv.site_id, 'effectiveFrom', tv.effective_from,
      'currency', tv.currency, 'electricRate', tv.electric_rate::text, 'waterRate', tv.water_rate::text,
      'electricBlocks', tv.electric_blocks, 'fees', tv.fees, 'minimumCharge', tv.minimum_charge::text,
      'taxes', tv.taxes, 'createdByUserId', tv.created_by_user_id)
  from tariff_versions tv where tv.id = ${tariffAt(sql`st.site_id`, sql`st.checkin_at`)})`;

/**
 * What a statement is made of, for each stay: the stay, its names, its tariff and, unless
 * frozen, its meters (`fresh`: even when frozen, to work the statement out again).
 */
export function statementFacts(q: Queryable, where: SQL, { fresh = false } = {}): Promise<StatementFacts[]> {
  return rows<StatementFacts>(
    q,
    sql`
    select st.id, st.checkin_at, st.checkout_at, st.statement_link_generation, st.statement_token_hash,
      st.statement_revoked_at, st.statement,
      s.public_name as property_name, s.time_zone, l.description as location_name,
      l.public_name as location_public_name,
      nullif(concat_ws(' ', g.first_name, g.last_name), '') as guest_name,
      ${tariffOfStay} as tariff,
      case when st.statement is null or ${fresh} then ${metersOf} end as meters,
      ${tariffNumberOf(sql`case when st.statement is null then ${tariffAt(sql`st.site_id`, sql`st.checkin_at`)}
        else (st.statement->>'tariffVersionID')::int end`)} as tariff_number
    from stays st
    join sites s on s.id = st.site_id
    join locations l on l.id = st.location_id
    left join guests g on g.id = st.guest_id
    where ${where}
    order by st.id`,
  );
}

/** The photos of meter faces taken with a stay's readings, from those it opens at (a millisecond before check-in) on. */
export async function stayPhotos(q: Queryable, stayId: number): Promise<ReadingPhotoRef[]> {
  const found = await rows<{ sp: number; at: Date | string }>(
    q,
    sql`
    select p.service_point_id as sp, p.read_at as at
    from stays st
    join stay_meters sm on sm.stay_id = st.id
    join reading_photos p on p.service_point_id = sm.service_point_id
      and p.read_at >= st.checkin_at - interval '1 millisecond' and p.read_at < coalesce(st.checkout_at, 'infinity')
    where st.id = ${stayId}
    order by p.read_at, p.service_point_id`,
  );
  return found.map((p) => ({ servicePointID: p.sp, at: new Date(p.at).toISOString() }));
}

/** The tariff version in effect at each stay's check-in, with the stay's property's zone. */
export function tariffsOfStays(q: Queryable, stayIds: number[]): Promise<Array<Pick<StatementFacts, 'id' | 'tariff'>>> {
  return rows(q, sql`select st.id, ${tariffOfStay} as tariff from stays st where st.id = any(${intArray(stayIds)})`);
}
