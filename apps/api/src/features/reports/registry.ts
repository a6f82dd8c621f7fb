import { sql, type SQL } from 'drizzle-orm';
import type { ReportRow } from '@portal/contract';
import { rows, type Db, type Queryable } from '../../db/client';

export type ColumnType = 'text' | 'number' | 'money' | 'date' | 'datetime';
export type Column = { header: string; type: ColumnType; width: number };

/** What every report query gets: the site (checked against the caller's scope first) and the period. */
export type ReportParams = {
  siteId: number;
  timeZone: string;
  /** Site-local start, inclusive, 'YYYY-MM-DD HH:mm'. */
  start: string;
  /** Site-local end, exclusive: the end minute the user chose plus one minute. */
  endExclusive: string;
  locationId: number | null;
  billingRate: string;
  waterBillingRate: string;
};

export type ReportDefinition = {
  columns: Column[];
  needsLocation: boolean;
  sql: (p: ReportParams) => SQL;
};

const col = (
  header: string,
  type: ColumnType,
  width = type === 'text' ? 24 : type === 'datetime' ? 20 : 14,
): Column => ({
  header,
  type,
  width,
});

/** The select list with the positional aliases c0, c1, … (unnamed expressions would collide). */
const cols = (...exprs: SQL[]) =>
  sql.join(
    exprs.map((e, i) => sql`${e} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );

/** Local date-time text of a timestamptz in the site's zone. */
const localTs = (expr: SQL, p: ReportParams) =>
  sql`to_char(${expr} at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The period as instants and as whole local days, computed in the site's zone (DST-safe). */
const periodCte = (p: ReportParams) => sql`
  w0 as (
    select ${p.start}::timestamp as a_l, ${p.endExclusive}::timestamp as b_l
  ), w1 as (
    select a_l, b_l,
      case when a_l::time = '00:00' then a_l::date else a_l::date + 1 end as d1,
      b_l::date as d2,
      a_l::date as first_day, (b_l - interval '1 microsecond')::date as last_day
    from w0
  ), w as (
    select d1, d2, first_day, last_day,
      a_l at time zone ${p.timeZone} as a,
      b_l at time zone ${p.timeZone} as b,
      least(d1::timestamp, b_l) at time zone ${p.timeZone} as m1,
      greatest(d2::timestamp, least(d1::timestamp, b_l)) at time zone ${p.timeZone} as m2
    from w1
  )`;

/** Meters of the site (or of one location), with their location, type and unit. */
const metersCte = (p: ReportParams) => sql`
  m as (
    select sp.id, sp.name, l.id as location_id, l.description, dt.display_name as type_name, dt.unit
    from service_points sp
    join locations l on l.id = sp.location_id
    join device_types dt on dt.id = sp.device_type_id
    where l.site_id = ${p.siteId} ${p.locationId === null ? sql`` : sql`and l.id = ${p.locationId}`}
  )`;

/**
 * Usage of each meter over the period: whole local days from the daily roll-up, the
 * partial days at either end from the raw readings with the roll-up's own rule (the rise
 * since the previous reading, nothing for a reset or a drop), so it never goes negative.
 */
const usageCte = sql`
  raw as (
    select r.service_point_id, sum(case when r.is_reset then 0 else greatest(r.total - coalesce(pr.total, r.total), 0) end) as usage
    from w, m
    -- Two ranges of the (meter, time) key: one condition with 'or' would read every reading of the meter.
    join lateral (
      select x.service_point_id, x.read_at, x.total, x.is_reset from meter_readings x
      where x.service_point_id = m.id and x.read_at >= w.a and x.read_at < w.m1
      union all
      select x.service_point_id, x.read_at, x.total, x.is_reset from meter_readings x
      where x.service_point_id = m.id and x.read_at >= w.m2 and x.read_at < w.b
    ) r on true
    left join lateral (
      select x.total from meter_readings x
      where x.service_point_id = r.service_point_id and x.read_at < r.read_at
      order by x.read_at desc limit 1
    ) pr on true
    group by r.service_point_id
  ), days as (
    -- meter by meter through the roll-up's key: the day index would read every meter's days
    select m.id as service_point_id,
      (select sum(d.usage) from daily_usage d
       where d.service_point_id = m.id and d.day >= (select d1 from w) and d.day < (select d2 from w)) as usage
    from m
  ), u as (
    select m.id, coalesce(raw.usage, 0) + coalesce(days.usage, 0) as usage
    from m left join raw on raw.service_point_id = m.id left join days on days.service_point_id = m.id
  )`;

const rate = (p: ReportParams) =>
  sql`case when m.unit = 'kWh' then ${p.billingRate}::numeric else ${p.waterBillingRate}::numeric end`;

/** Every report the server runs, by the name stored in report_types.stored_procedure_called. */
export const reports: Record<string, ReportDefinition> = {
  usage_by_location: {
    needsLocation: false,
    columns: [
      col('Location', 'text'),
      col('Meter', 'text', 12),
      col('Type', 'text', 12),
      col('Start Reading', 'number'),
      col('End Reading', 'number'),
      col('Usage', 'number'),
      col('Unit', 'text', 8),
      col('Rate', 'money', 10),
      col('Amount', 'money'),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}, ${metersCte(p)}, ${usageCte}
      select ${cols(
        sql`m.description`,
        sql`m.name`,
        sql`m.type_name`,
        // (select … from w): a value the index search can start from, not a filter on every reading
        sql`round((select x.total from meter_readings x where x.service_point_id = m.id and x.read_at <= (select a from w) order by x.read_at desc limit 1), 3)`,
        sql`round((select x.total from meter_readings x where x.service_point_id = m.id and x.read_at < (select b from w) order by x.read_at desc limit 1), 3)`,
        sql`round(u.usage, 3)`,
        sql`m.unit`,
        rate(p),
        sql`round(u.usage * ${rate(p)}, 2)`,
      )}
      from m join u on u.id = m.id
      order by m.description, m.name`,
  },

  daily_usage_per_location: {
    needsLocation: false,
    columns: [
      col('Date', 'date', 12),
      col('Location', 'text'),
      col('Electric (kWh)', 'number'),
      col('Water (gal)', 'number'),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}, ${metersCte(p)}
      select ${cols(
        sql`d.day::text`,
        sql`m.description`,
        sql`round(coalesce(sum(d.usage) filter (where m.unit = 'kWh'), 0), 3)`,
        sql`round(coalesce(sum(d.usage) filter (where m.unit <> 'kWh'), 0), 3)`,
      )}
      from w, m join daily_usage d on d.service_point_id = m.id
      where d.day between w.first_day and w.last_day
      group by d.day, m.location_id, m.description
      order by d.day, m.description`,
  },

  stay_transactions: {
    needsLocation: false,
    columns: [
      col('Location', 'text'),
      col('Guest', 'text'),
      col('Phone', 'text', 16),
      col('Check In', 'datetime'),
      col('Check Out', 'datetime'),
      col('Electric (kWh)', 'number'),
      col('Water (gal)', 'number'),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}
      select ${cols(
        sql`l.description`,
        sql`nullif(trim(concat_ws(' ', g.first_name, g.last_name)), '')`,
        sql`g.mobile_number`,
        localTs(sql`st.checkin_at`, p),
        localTs(sql`st.checkout_at`, p),
        sql`round((select sum(sm.usage) from stay_meters sm join service_points sp on sp.id = sm.service_point_id
               join device_types dt on dt.id = sp.device_type_id where sm.stay_id = st.id and dt.unit = 'kWh'), 3)`,
        sql`round((select sum(sm.usage) from stay_meters sm join service_points sp on sp.id = sm.service_point_id
               join device_types dt on dt.id = sp.device_type_id where sm.stay_id = st.id and dt.unit <> 'kWh'), 3)`,
      )}
      from w, stays st
      join locations l on l.id = st.location_id
      left join guests g on g.id = st.guest_id
      where st.site_id = ${p.siteId} and st.checkin_at < w.b and (st.checkout_at is null or st.checkout_at >= w.a)
      order by st.checkin_at, st.id`,
  },

  meter_readings_of_location: {
    needsLocation: true,
    columns: [
      col('Date & Time', 'datetime'),
      col('Meter', 'text', 12),
      col('Type', 'text', 12),
      col('Reading', 'number'),
      col('Reset', 'text', 8),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}, ${metersCte(p)}
      select ${cols(
        localTs(sql`r.read_at`, p),
        sql`m.name`,
        sql`m.type_name`,
        sql`round(r.total, 3)`,
        sql`case when r.is_reset then 'Yes' else 'No' end`,
      )}
      from w, m join meter_readings r on r.service_point_id = m.id
      where r.read_at >= w.a and r.read_at < w.b
      order by r.read_at, m.name`,
  },

  device_control_log: {
    needsLocation: false,
    columns: [
      col('Date & Time', 'datetime'),
      col('Location', 'text'),
      col('Meter', 'text', 12),
      col('Requested', 'text', 10),
      col('Result', 'text', 16),
      col('Answered', 'datetime'),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}, ${metersCte(p)}
      select ${cols(
        localTs(sql`c.created_at`, p),
        sql`m.description`,
        sql`m.name`,
        sql`case when c.requested_state = 1 then 'On' else 'Off' end`,
        sql`case when c.result_code is null then c.state else concat(c.state, ' (', c.result_code, ')') end`,
        localTs(sql`c.response_received_at`, p),
      )}
      from w, m join device_control_messages c on c.service_point_id = m.id
      where c.created_at >= w.a and c.created_at < w.b
      order by c.created_at, c.id`,
  },

  missing_and_out_of_service: {
    needsLocation: false,
    columns: [
      col('Location', 'text'),
      col('Meter', 'text', 12),
      col('Type', 'text', 12),
      col('Status', 'text', 16),
      col('Last Seen', 'datetime'),
    ],
    sql: (p) => sql`
      with ${metersCte(p)}
      select ${cols(
        sql`m.description`,
        sql`m.name`,
        sql`m.type_name`,
        sql`case when sp.active_ind <> 1 then 'Out of Service' else 'Missing' end`,
        localTs(sql`sp.last_seen_at`, p),
      )}
      from m join service_points sp on sp.id = m.id
      join locations l on l.id = m.location_id
      where not l.deleted and (sp.active_ind <> 1 or sp.is_missing_device)
      order by m.description, m.name`,
  },

  monthly_billing_summary: {
    needsLocation: false,
    columns: [
      col('Month', 'text', 10),
      col('Electric (kWh)', 'number'),
      col('Electric Amount', 'money'),
      col('Water (gal)', 'number'),
      col('Water Amount', 'money'),
      col('Total Amount', 'money'),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}, ${metersCte(p)}, t as (
        select to_char(d.day, 'YYYY-MM') as month,
          coalesce(sum(d.usage) filter (where m.unit = 'kWh'), 0) as kwh,
          coalesce(sum(d.usage) filter (where m.unit <> 'kWh'), 0) as gal
        from w, m join daily_usage d on d.service_point_id = m.id
        where d.day between w.first_day and w.last_day
        group by 1
      )
      select ${cols(
        sql`month`,
        sql`round(kwh, 3)`,
        sql`round(kwh * ${p.billingRate}::numeric, 2)`,
        sql`round(gal, 3)`,
        sql`round(gal * ${p.waterBillingRate}::numeric, 2)`,
        sql`round(kwh * ${p.billingRate}::numeric, 2) + round(gal * ${p.waterBillingRate}::numeric, 2)`,
      )}
      from t order by month`,
  },

  location_usage_by_day: {
    needsLocation: true,
    columns: [
      col('Date', 'date', 12),
      col('Meter', 'text', 12),
      col('Type', 'text', 12),
      col('Start Reading', 'number'),
      col('End Reading', 'number'),
      col('Usage', 'number'),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}, ${metersCte(p)}
      select ${cols(
        sql`d.day::text`,
        sql`m.name`,
        sql`m.type_name`,
        sql`round(coalesce((select pd.last_reading from daily_usage pd where pd.service_point_id = d.service_point_id and pd.day < d.day
                        order by pd.day desc limit 1), d.first_reading), 3)`,
        sql`round(d.last_reading, 3)`,
        sql`round(d.usage, 3)`,
      )}
      from w, m join daily_usage d on d.service_point_id = m.id
      where d.day between w.first_day and w.last_day
      order by d.day, m.name`,
  },
};

export function reportByName(name: string): ReportDefinition | undefined {
  return Object.prototype.hasOwnProperty.call(reports, name) ? reports[name] : undefined;
}

/** Numbers become numbers, the rest stays text, keys are the headers (the columns c0, c1, … in order). */
function toRow(def: ReportDefinition, r: Record<string, unknown>): ReportRow {
  const row: ReportRow = {};
  def.columns.forEach((c, i) => {
    const v = r[`c${i}`];
    row[c.header] =
      v === null || v === undefined ? null : c.type === 'number' || c.type === 'money' ? Number(v) : String(v);
  });
  return row;
}

/** Runs a registered report and answers all its rows (the view). */
export async function runReport(q: Queryable, def: ReportDefinition, p: ReportParams): Promise<ReportRow[]> {
  return (await rows<Record<string, unknown>>(q, def.sql(p))).map((r) => toRow(def, r));
}

/**
 * Runs a registered report through a server-side cursor and hands its rows over in batches,
 * so an export of any size never holds the whole result in memory (read-only transaction).
 */
export async function streamReport(
  db: Db,
  def: ReportDefinition,
  p: ReportParams,
  onBatch: (batch: ReportRow[]) => Promise<void>,
  batchSize = 2_000,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`declare report_rows no scroll cursor for ${def.sql(p)}`);
      for (;;) {
        const batch = await rows<Record<string, unknown>>(
          tx,
          sql`fetch forward ${sql.raw(String(batchSize))} from report_rows`,
        );
        if (batch.length) await onBatch(batch.map((r) => toRow(def, r)));
        if (batch.length < batchSize) break;
      }
      await tx.execute(sql`close report_rows`);
    },
    { accessMode: 'read only' },
  );
}
