import { sql } from 'drizzle-orm';
import { intArray, rows } from '../../db/client';
import type { Context } from '../../access/actor';
import { commandsFor } from './relays';
import { handOver, queueControls } from './service';

export const POWER_LEFT_ON = 'powerLeftOn';

type LeftOn = {
  service_point_id: number;
  capability_id: number;
  capability_type: number;
  in_flight: boolean;
  site_id: number;
  meter: string;
  site: string;
  location: string;
};

/**
 * Power left on at a vacant location: a relay the portal wants off, where no guest is checked
 * in, that the meter has not confirmed off: confirmed on, or its current command got no answer
 * (the meter may have switched without its answer arriving), or was an OFF the meter could not
 * carry out. Once no command is on its way to it (the check-out's OFF failed or timed out, or a
 * late answer switched the relay back on), its meter raises one alert and is sent OFF once;
 * staff retry from there. The alert resolves when no relay of the meter is left on: confirmed
 * off, wanted on again, or a guest checked in. Safe on several instances at once: the
 * open-alert index lets one of them raise each alert.
 */
export async function switchOffPowerLeftOn(ctx: Context): Promise<number> {
  const now = ctx.now();
  const { raised, queued } = await ctx.db.transaction(async (tx) => {
    const leftOn = await rows<LeftOn>(
      tx,
      sql`
      select spc.service_point_id, spc.capability_id, c.capability_type,
        coalesce(m.state in ('queued', 'sent'), false) as in_flight,
        s.id as site_id, sp.name as meter, s.public_name as site, l.description as location
      from service_point_capabilities spc
      join capabilities c on c.id = spc.capability_id
      join service_points sp on sp.id = spc.service_point_id
      join locations l on l.id = sp.location_id and not l.is_checked_in
      join sites s on s.id = l.site_id
      left join device_control_messages m on m.id = spc.command_id
      where spc.desired_state = 0 and (spc.status = 1 or m.state in ('queued', 'sent', 'timed_out')
        or (m.state = 'failed' and m.requested_state = 0))`,
    );
    await tx.execute(sql`
      update system_alerts set resolved_at = ${now}
      where kind = ${POWER_LEFT_ON} and resolved_at is null
        and service_point_id <> all(${intArray(leftOn.map((r) => r.service_point_id))})`);
    const settled = leftOn.filter((r) => !r.in_flight);
    if (!settled.length) return { raised: 0, queued: null };
    const alerted = await rows<{ service_point_id: number }>(
      tx,
      sql`
      insert into system_alerts (kind, site_id, service_point_id, created_at)
      select ${POWER_LEFT_ON}, x.site_id, x.id, ${now}
      from jsonb_to_recordset(${JSON.stringify(
        [...new Map(settled.map((r) => [r.service_point_id, r])).values()].map((r) => ({
          id: r.service_point_id,
          site_id: r.site_id,
        })),
      )}::jsonb) as x(id int, site_id int)
      on conflict do nothing
      returning service_point_id`,
    );
    const fresh = new Set(alerted.map((a) => a.service_point_id));
    const off = commandsFor(
      settled.filter((r) => fresh.has(r.service_point_id)),
      () => 0,
    );
    return { raised: fresh.size, queued: await queueControls(tx, ctx.actor, off, 'always', now) };
  });
  if (queued) await handOver(ctx, queued);
  return raised;
}
