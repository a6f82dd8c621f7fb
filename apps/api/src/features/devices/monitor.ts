import { sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { announce, meterValues } from '../../hub/events';
import { threshold } from '../alerts';

/**
 * Meters on a location, watched (not excluded), silent for longer than the configured
 * time become missing and raise one system alert each. The update decides atomically,
 * so with several instances each meter is flagged once.
 */
export async function markMissingMeters(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - deps.config.devices.missingAfterMinutes * 60_000);
  return deps.db.transaction((tx) =>
    flagMissing(tx, sql`coalesce(sp.last_seen_at, sp.created_at) < ${cutoff}`, deps.now()),
  );
}

/**
 * The watched meters among those `which` picks (a condition on `sp`) that are not missing yet
 * become missing, each with one `missingDevice` alert, announced to their properties; a meter
 * read by hand sends nothing and never is. Answers how many it flagged.
 */
export async function flagMissing(tx: Tx, which: SQL, now: Date): Promise<number> {
  const flagged = await rows<{
    id: number;
    location_id: number;
    site_id: number;
    last_seen_at: Date | string | null;
  }>(
    tx,
    sql`
    update service_points sp set is_missing_device = true
    from locations l, sites s
    where l.id = sp.location_id and s.id = l.site_id
      and not sp.read_by_hand and not sp.is_missing_device and not sp.exclude_from_monitoring and not s.exclude_from_monitoring
      and not l.deleted and s.deleted_at is null
      and ${which}
    returning sp.id, sp.last_seen_at, sp.location_id, s.id as site_id`,
  );
  if (!flagged.length) return 0;
  await tx.execute(sql`
    insert into system_alerts (kind, params, site_id, service_point_id, created_at)
    select 'missingDevice', jsonb_build_object('since', x.since), x.site_id, x.id, ${now}
    from jsonb_to_recordset(${JSON.stringify(
      flagged.map((f) => ({
        id: f.id,
        site_id: f.site_id,
        since: f.last_seen_at === null ? null : new Date(f.last_seen_at).toISOString(),
      })),
    )}::jsonb) as x(id int, site_id int, since text)
    on conflict do nothing`);
  // one event a property, listing every meter that went missing
  await announce(
    tx,
    meterValues(
      flagged.map((f) => ({
        siteId: f.site_id,
        servicePointID: f.id,
        locationID: f.location_id,
        isMissingDevice: true,
      })),
      now,
    ),
  );
  return flagged.length;
}

/**
 * Beyond the specification: energy or water flowing where no guest is checked in is
 * usage nobody pays for (a forgotten breaker, a leak). A meter on a vacant location that
 * used more than its property's threshold today (site_settings unbilled_kwh_per_day,
 * unbilled_gallons_per_day) raises one alert; it resolves when a guest checks in.
 */
export async function flagUnbilledUsage(deps: Deps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      update system_alerts a set resolved_at = ${deps.now()}
      from service_points sp join locations l on l.id = sp.location_id
      where a.kind = 'unbilledUsage' and a.resolved_at is null and sp.id = a.service_point_id and l.is_checked_in`);
    // a meter read by hand sends nothing: it is never missing
    const flagged = await rows<{ id: number }>(
      tx,
      sql`
      insert into system_alerts (kind, params, site_id, service_point_id, created_at)
      select 'unbilledUsage', jsonb_build_object('usage', round(d.usage, 1), 'unit', dt.unit), s.id, sp.id, ${deps.now()}
      from service_points sp
      join device_types dt on dt.id = sp.device_type_id
      join locations l on l.id = sp.location_id and not l.is_checked_in and not l.deleted
      join sites s on s.id = l.site_id and s.deleted_at is null
      left join site_settings ss on ss.site_id = s.id
      join daily_usage d on d.service_point_id = sp.id
        and d.day = (${deps.now().toISOString()}::timestamptz at time zone s.time_zone)::date
      where not sp.exclude_from_monitoring
        and d.usage > case dt.unit when 'gal' then ${threshold('unbilledGallonsPerDay')} else ${threshold('unbilledKwhPerDay')} end
      on conflict do nothing
      returning id`,
    );
    return flagged.length;
  });
}
