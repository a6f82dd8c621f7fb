import { sql } from 'drizzle-orm';
import type { Log } from '../../access/actor';
import { rows, type Queryable } from '../../db/client';
import type { DeviceRefusal } from '../../gateway/gateway';
import { groupBy } from '../../lib/group';

/** No meter's device key is longer (createMeterRequest); a longer unknown one is counted under its first characters. */
const KEY_CHARS = 100;
/** The refusals of a meter for one reason reach the log at most once in this time. */
export const REFUSAL_LOG_INTERVAL_MS = 15 * 60_000;

type Counted = {
  device_key: string;
  reason: string;
  count: number;
  first_at: Date | string;
  last_detail: string;
  due: boolean;
};

type Tally = { device_key: string; reason: string; count: number; first_at: Date; last_at: Date; detail: string };

/**
 * Counts refused messages: one row a device key and reason, however many arrive. A key and
 * reason are written to the log when first refused and then at most once an interval, with
 * the count so far, so that a meter sending garbage every second floods neither the
 * database nor the log, on any number of instances.
 */
export async function recordRefusals(q: Queryable, log: Log, refusals: DeviceRefusal[], now: Date): Promise<void> {
  if (!refusals.length) return;
  const tallies = new Map<string, Tally>();
  for (const r of refusals) {
    const deviceKey = r.deviceKey.slice(0, KEY_CHARS);
    const key = `${r.reason}/${deviceKey}`;
    const t = tallies.get(key);
    if (!t) {
      tallies.set(key, {
        device_key: deviceKey,
        reason: r.reason,
        count: 1,
        first_at: r.at,
        last_at: r.at,
        detail: r.detail,
      });
      continue;
    }
    t.count += 1;
    if (r.at < t.first_at) t.first_at = r.at;
    if (r.at >= t.last_at) Object.assign(t, { last_at: r.at, detail: r.detail });
  }
  const logBefore = new Date(now.getTime() - REFUSAL_LOG_INTERVAL_MS);
  const counted = await rows<Counted>(
    q,
    sql`
    insert into meter_refusals as r (device_key, reason, count, first_at, last_at, last_detail, logged_at)
    select x.device_key, x.reason, x.count, x.first_at, x.last_at, x.detail, ${now}
    from jsonb_to_recordset(${JSON.stringify([...tallies.values()])}::jsonb)
      as x(device_key text, reason text, count bigint, first_at timestamptz, last_at timestamptz, detail text)
    -- in key order, so that two instances counting the same meters lock their rows in the same order
    order by x.device_key, x.reason
    on conflict (device_key, reason) do update set
      count = r.count + excluded.count,
      first_at = least(r.first_at, excluded.first_at),
      last_at = greatest(r.last_at, excluded.last_at),
      last_detail = case when excluded.last_at >= r.last_at then excluded.last_detail else r.last_detail end,
      logged_at = case when r.logged_at <= ${logBefore} then excluded.logged_at else r.logged_at end
    returning device_key, reason, count, first_at, last_detail, logged_at = ${now} as due`,
  );
  await raiseRefusalAlerts(q, counted, now);
  for (const [deviceKey, reasons] of groupBy(
    counted.filter((c) => c.due),
    (c) => c.device_key,
  ))
    log.warn(
      {
        deviceKey,
        refused: reasons.map((d) => ({ reason: d.reason, count: Number(d.count), lastDetail: d.last_detail })),
      },
      'refused device messages (counted in meter_refusals; logged once an interval)',
    );
}

/**
 * A meter whose messages are refused has one open `readingRefused` alert, its figures those of
 * the latest reason counted (how many of its messages were refused for it, and since when). It
 * resolves once the meter has sent nothing refused for REFUSALS_QUIET_HOURS (`resolveQuietRefusals`).
 */
async function raiseRefusalAlerts(q: Queryable, counted: Counted[], now: Date): Promise<void> {
  if (!counted.length) return;
  await q.execute(sql`
    insert into system_alerts as a (kind, params, site_id, service_point_id, created_at)
    select distinct on (sp.id) 'readingRefused',
      jsonb_build_object('count', x.count, 'since', to_char(x.first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'reason', x.reason),
      l.site_id, sp.id, ${now}
    from jsonb_to_recordset(${JSON.stringify(counted)}::jsonb) as x(device_key text, reason text, count bigint, first_at timestamptz)
    join service_points sp on sp.device_key = x.device_key
    join locations l on l.id = sp.location_id
    order by sp.id, x.count desc
    on conflict (kind, service_point_id) where resolved_at is null do update set params = excluded.params`);
}

export const REFUSALS_QUIET_HOURS = 24;

/** Resolves the refused-reading alerts of meters with no refused message for REFUSALS_QUIET_HOURS. */
export async function resolveQuietRefusals(deps: { db: Queryable; now: () => Date }): Promise<number> {
  const quietSince = new Date(deps.now().getTime() - REFUSALS_QUIET_HOURS * 3_600_000);
  const done = await rows<{ id: number }>(
    deps.db,
    sql`
    update system_alerts a set resolved_at = ${deps.now()}
    from service_points sp
    where a.kind = 'readingRefused' and a.resolved_at is null and sp.id = a.service_point_id
      and not exists (select 1 from meter_refusals r where r.device_key = sp.device_key and r.last_at > ${quietSince})
    returning a.id`,
  );
  return done.length;
}
