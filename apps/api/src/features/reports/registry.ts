import { sql, type SQL } from 'drizzle-orm';
import type { ReportInputs, ReportRow } from '@portal/contract';
import { rows, type Db, type Queryable } from '../../db/client';
import { freezeStatements, tariffVersionNumber } from '../billing';
import { rowPieces, usageOverSpans } from './usage-spans';

type ColumnType = 'text' | 'number' | 'money' | 'date' | 'datetime';
/**
 * A column of a report. `contact`: it holds a guest's name, phone or e-mail, left out of a
 * scheduled report mailed outside the business (docs/reports.md).
 */
export type Column = { header: string; type: ColumnType; width: number; contact?: true };

/** What every report query gets: the site (checked against the caller's scope first) and the period. */
export type ReportParams = {
  siteId: number;
  timeZone: string;
  /** Site-local start, inclusive, 'YYYY-MM-DD HH:mm' (unused by a report without a period). */
  start: string;
  /** Site-local end, exclusive: the end minute the user chose plus one minute. */
  endExclusive: string;
  /** The location the rows are narrowed to; null: the whole property. */
  locationId: number | null;
  billingRate: string;
  waterBillingRate: string;
};

/**
 * The dialog's inputs a report takes (docs/decisions/0090-a-report-takes-the-inputs-it-uses-and-refuses-the-rest.md, "A report takes the inputs it uses"):
 * a location it needs or narrows its rows by, a period it needs or has no use for.
 */
const wholeProperty: ReportInputs = { location: 'optional', period: 'required' };
const oneLocation: ReportInputs = { location: 'required', period: 'required' };

export type ReportDefinition = {
  columns: Column[];
  inputs: ReportInputs;
  sql: (p: ReportParams) => SQL;
  /** Work the report needs done first (in its own transaction: the export's is read-only). */
  before?: (q: Queryable, p: ReportParams) => Promise<unknown>;
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
/** A column of a guest's contact details. */
const contact = (c: Column): Column => ({ ...c, contact: true });

/** The select list with the positional aliases c0, c1, … (unnamed expressions would collide). */
const cols = (...exprs: SQL[]) =>
  sql.join(
    exprs.map((e, i) => sql`${e} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );

/** Local date-time text of a timestamptz in the site's zone. */
const localTs = (expr: SQL, p: ReportParams) =>
  sql`to_char(${expr} at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** The period [a, b) as instants: the site's local wall times taken in its zone (DST-safe). */
const periodCte = (p: ReportParams) => sql`
  w as (
    select ${p.start}::timestamp at time zone ${p.timeZone} as a,
      ${p.endExclusive}::timestamp at time zone ${p.timeZone} as b
  )`;

/** The stays `st` of the chosen location only, when one is. */
const atLocation = (p: ReportParams) => (p.locationId === null ? sql`` : sql`and st.location_id = ${p.locationId}`);

/** Meters of the site (or of one location), with their location, type and unit. */
const metersCte = (p: ReportParams) => sql`
  m as (
    select sp.id, sp.name, l.id as location_id, l.description, dt.display_name as type_name, dt.unit
    from service_points sp
    join locations l on l.id = sp.location_id
    join device_types dt on dt.id = sp.device_type_id
    where l.site_id = ${p.siteId} ${p.locationId === null ? sql`` : sql`and l.id = ${p.locationId}`}
  )`;

/** Each meter over the period as a span keyed by the meter's id, with its usage (`span_day`, `span_usage`). */
export const meterDays = (p: ReportParams) => sql`
  ${periodCte(p)}, ${metersCte(p)},
  span as (select m.id as k, m.id as sp, w.a, w.b from w, m),
  ${usageOverSpans(p.timeZone)}`;

const rate = (p: ReportParams) =>
  sql`case when m.unit = 'kWh' then ${p.billingRate}::numeric else ${p.waterBillingRate}::numeric end`;

/** The stays checked out in the period (`w`) at the site, as the Billing by Stay report lists them. */
const staysOut = (p: ReportParams) => sql`
  select st.* from w, stays st
  where st.site_id = ${p.siteId} and st.checkout_at >= w.a and st.checkout_at < w.b ${atLocation(p)}`;

/** A figure of a frozen statement (`st.statement`): the sum over its meters of a unit, or over its lines of a kind. */
const usageOf = (unit: string) =>
  sql`(select sum((m->>'usage')::numeric) from jsonb_array_elements(st.statement->'meters') m where m->>'unit' = ${unit})`;
const amountOf = (kind: string) =>
  sql`(select coalesce(sum((l->>'amount')::numeric), 0) from jsonb_array_elements(st.statement->'lines') l where l->>'kind' = ${kind})`;

/** Every report the server runs, by the name stored in report_types.stored_procedure_called. */
export const reports: Record<string, ReportDefinition> = {
  usage_by_location: {
    inputs: wholeProperty,
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
      with ${meterDays(p)},
      row_span as (
        select s.k, s.sp, s.a as s, s.b as e, u.usage from span s join span_usage u on u.k = s.k
      ), ${rowPieces}
      select ${cols(
        sql`m.description`,
        sql`m.name`,
        sql`m.type_name`,
        sql`rp.opening`,
        sql`rp.closing`,
        sql`rp.usage`,
        sql`m.unit`,
        rate(p),
        sql`round(rp.usage * ${rate(p)}, 2)`,
      )}
      from m join row_piece rp on rp.k = m.id
      order by m.description, m.name, m.id, rp.seg`,
  },

  daily_usage_per_location: {
    inputs: wholeProperty,
    columns: [
      col('Date', 'date', 12),
      col('Location', 'text'),
      col('Electric (kWh)', 'number'),
      col('Water (gal)', 'number'),
    ],
    sql: (p) => sql`
      with ${meterDays(p)}
      select ${cols(
        sql`d.day::text`,
        sql`m.description`,
        sql`coalesce(sum(d.usage) filter (where m.unit = 'kWh'), 0)`,
        sql`coalesce(sum(d.usage) filter (where m.unit <> 'kWh'), 0)`,
      )}
      from m join span_day d on d.k = m.id
      group by d.day, m.location_id, m.description
      order by d.day, m.description, m.location_id`,
  },

  stay_transactions: {
    inputs: wholeProperty,
    columns: [
      col('Location', 'text'),
      contact(col('Guest', 'text')),
      contact(col('Phone', 'text', 16)),
      col('Check In', 'datetime'),
      col('Check Out', 'datetime'),
      col('Electric (kWh)', 'number'),
      col('Water (gal)', 'number'),
    ],
    // each stay's usage over its own span [check-in, check-out): a closed stay's closing figures
    // (stored at check-out by the same rule), an open one's so far
    sql: (p) => sql`
      with ${periodCte(p)}, stay_in as (
        select st.id, st.location_id, st.guest_id, st.checkin_at, st.checkout_at
        from w, stays st
        where st.site_id = ${p.siteId} and st.checkin_at < w.b and (st.checkout_at is null or st.checkout_at >= w.a)
          ${atLocation(p)}
      ), stay_meter as (
        select sm.stay_id, sm.service_point_id, sm.usage, st.checkin_at, st.checkout_at, dt.unit
        from stay_in st
        join stay_meters sm on sm.stay_id = st.id
        join service_points sp on sp.id = sm.service_point_id
        join device_types dt on dt.id = sp.device_type_id
      ), span as (
        select row_number() over (order by stay_id, service_point_id) as k, service_point_id as sp,
          checkin_at as a, 'infinity'::timestamptz as b, stay_id, unit
        from stay_meter where checkout_at is null
      ), ${usageOverSpans(p.timeZone)}, meter_usage as (
        select s.stay_id, s.unit, u.usage from span s join span_usage u on u.k = s.k
        union all
        select stay_id, unit, usage from stay_meter where checkout_at is not null
      ), stay_usage as (
        select stay_id, sum(usage) filter (where unit = 'kWh') as kwh, sum(usage) filter (where unit <> 'kWh') as gal
        from meter_usage group by stay_id
      )
      select ${cols(
        sql`l.description`,
        sql`nullif(trim(concat_ws(' ', g.first_name, g.last_name)), '')`,
        sql`g.mobile_number`,
        localTs(sql`st.checkin_at`, p),
        localTs(sql`st.checkout_at`, p),
        sql`su.kwh`,
        sql`su.gal`,
      )}
      from stay_in st
      join locations l on l.id = st.location_id
      left join guests g on g.id = st.guest_id
      left join stay_usage su on su.stay_id = st.id
      order by st.checkin_at, st.id`,
  },

  meter_readings_of_location: {
    inputs: oneLocation,
    columns: [
      col('Date & Time', 'datetime'),
      col('Meter', 'text', 12),
      col('Type', 'text', 12),
      col('Reading', 'number'),
      col('Reset', 'text', 8),
      col('Estimated', 'text', 10),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}, ${metersCte(p)}
      select ${cols(
        localTs(sql`r.read_at`, p),
        sql`m.name`,
        sql`m.type_name`,
        sql`r.total`,
        sql`case when r.is_reset then 'Yes' else 'No' end`,
        sql`case when r.estimated then 'Estimated' else '' end`,
      )}
      from w, m join meter_readings r on r.service_point_id = m.id
      where r.read_at >= w.a and r.read_at < w.b
      order by r.read_at, m.name`,
  },

  device_control_log: {
    inputs: wholeProperty,
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
    // how the meters stand now: no period
    inputs: { location: 'optional', period: 'unused' },
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
    inputs: wholeProperty,
    columns: [
      col('Month', 'text', 10),
      col('Electric (kWh)', 'number'),
      col('Electric Amount', 'money'),
      col('Water (gal)', 'number'),
      col('Water Amount', 'money'),
      col('Total Amount', 'money'),
    ],
    sql: (p) => sql`
      with ${meterDays(p)}, t as (
        select to_char(d.day, 'YYYY-MM') as month,
          coalesce(sum(d.usage) filter (where m.unit = 'kWh'), 0) as kwh,
          coalesce(sum(d.usage) filter (where m.unit <> 'kWh'), 0) as gal
        from m join span_day d on d.k = m.id
        group by 1
      )
      select ${cols(
        sql`month`,
        sql`kwh`,
        sql`round(kwh * ${p.billingRate}::numeric, 2)`,
        sql`gal`,
        sql`round(gal * ${p.waterBillingRate}::numeric, 2)`,
        sql`round(kwh * ${p.billingRate}::numeric, 2) + round(gal * ${p.waterBillingRate}::numeric, 2)`,
      )}
      from t order by month`,
  },

  // RMS Cloud's Meter Reading Import, column for column (docs/integrations.md): each meter's last
  // reading before the period's end that the portal counts (not one held back, a glitch or discarded)
  rms_meter_reads: {
    inputs: wholeProperty,
    columns: [
      col('Area', 'text'),
      col('MeterType', 'text', 10),
      col('LastReadDate', 'text', 20),
      col('LastMeterValue', 'number'),
      col('MeterNo', 'text', 14),
      col('Tariff', 'number', 8),
      col('Multiplier', 'number', 10),
      col('Active', 'number', 8),
    ],
    sql: (p) => sql`
      with ${periodCte(p)}, ${metersCte(p)}
      select ${cols(
        // RMS takes no commas inside a field
        sql`replace(m.description, ',', ' ')`,
        sql`case when m.unit = 'gal' then 'W' else 'E' end`,
        localTs(sql`r.read_at`, p),
        sql`r.total`,
        sql`replace(m.name, ',', ' ')`,
        sql`null::int`,
        sql`1`,
        sql`case when sp.active_ind = 1 then 1 else 0 end`,
      )}
      from w, m
      join service_points sp on sp.id = m.id
      join lateral (
        select mr.read_at, mr.total from meter_readings mr
        where mr.service_point_id = m.id and mr.read_at < w.b and mr.kind not in ('glitch', 'suspect', 'discarded')
        order by mr.read_at desc limit 1
      ) r on true
      order by m.description, m.name`,
  },
  billing_by_stay: {
    inputs: wholeProperty,
    columns: [
      col('Location', 'text'),
      contact(col('Guest', 'text')),
      col('Check In', 'datetime'),
      col('Check Out', 'datetime'),
      col('Electric (kWh)', 'number'),
      col('Water (gal)', 'number'),
      col('Electric Amount', 'money'),
      col('Water Amount', 'money'),
      col('Minimum Charge', 'money'),
      col('Fees', 'money'),
      col('Tax', 'money'),
      col('Total', 'money'),
      col('Currency', 'text', 9),
      col('Tariff Version', 'number', 9),
    ],
    // the statements check-out froze (features/billing): what a park management system imports
    before: (q, p) =>
      freezeStatements(q, sql`st.id in (with ${periodCte(p)} select id from (${staysOut(p)}) x)`, new Date()),
    sql: (p) => sql`
      with ${periodCte(p)}, st as (${staysOut(p)})
      select ${cols(
        sql`l.description`,
        sql`nullif(trim(concat_ws(' ', g.first_name, g.last_name)), '')`,
        localTs(sql`st.checkin_at`, p),
        localTs(sql`st.checkout_at`, p),
        usageOf('kWh'),
        usageOf('gal'),
        amountOf('electric'),
        amountOf('water'),
        amountOf('minimum'),
        amountOf('fee'),
        sql`(st.statement->>'taxTotal')::numeric`,
        sql`(st.statement->>'total')::numeric`,
        sql`st.statement->>'currency'`,
        tariffVersionNumber(sql`(st.statement->>'tariffVersionID')::int`),
      )}
      from st
      join locations l on l.id = st.location_id
      left join guests g on g.id = st.guest_id
      order by st.checkout_at, st.id`,
  },

  location_usage_by_day: {
    inputs: oneLocation,
    columns: [
      col('Date', 'date', 12),
      col('Meter', 'text', 12),
      col('Type', 'text', 12),
      col('Start Reading', 'number'),
      col('End Reading', 'number'),
      col('Usage', 'number'),
    ],
    sql: (p) => sql`
      with ${meterDays(p)}, row_span as (
        select row_number() over (order by d.day, m.name, m.id) as k, m.id as sp, d.day, d.usage, m.name, m.type_name,
          greatest(w.a, d.day::timestamp at time zone ${p.timeZone}) as s,
          least(w.b, (d.day + 1)::timestamp at time zone ${p.timeZone}) as e
        from w, m join span_day d on d.k = m.id
      ), ${rowPieces}
      select ${cols(sql`rs.day::text`, sql`rs.name`, sql`rs.type_name`, sql`rp.opening`, sql`rp.closing`, sql`rp.usage`)}
      from row_span rs join row_piece rp on rp.k = rs.k
      order by rs.k, rp.seg`,
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
