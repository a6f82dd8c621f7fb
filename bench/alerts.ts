/**
 * The detection rules on the demo data set (seeded as `npm start` seeds it, but with a reading
 * every quarter hour of all 90 days, where the demo keeps them for the last 8, so that the
 * replay has every hour): which alerts the seed's run of the rules raises, how long after a
 * leak or abnormal use starts its alert comes, and how many alerts the rules would have raised
 * over the 90 days at meters where nothing was wrong (replayed hour by hour from the readings).
 *
 *   npx tsx bench/alerts.ts                        # a fresh in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/alerts.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { routes } from '@portal/contract';
import { rows, type Queryable } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import { planFleet } from '../apps/api/src/db/seed/demo-fleet';
import { markLeak } from '../apps/api/src/db/seed/demo-leak';
import { planStays } from '../apps/api/src/db/seed/demo-stays';
import { DAY_MS, DEMO_DAYS, gridFor, timeOfSlot } from '../apps/api/src/db/seed/demo-time';
import { seedLookups } from '../apps/api/src/db/seed/lookups';
import { rebuildHourlyUsage } from '../apps/api/src/db/seed/rollup';
import { recordReadings } from '../apps/api/src/features/meters/readings';
import {
  detectAbnormalUse,
  detectLeaks,
  detectNightFlow,
  detectVacantDraw,
} from '../apps/api/src/features/alerts/detection';
import { openBench } from './support';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The jobs' period (jobs.ts): leaks every 5 minutes, abnormal use every 15. */
const LEAK_PERIOD = 5 * MINUTE;
const ABNORMAL_PERIOD = 15 * MINUTE;
const RULES = [detectLeaks, detectNightFlow, detectVacantDraw, detectAbnormalUse];

/** Undoes what `work` wrote: the replays run on the seeded data without keeping anything. */
class Undo extends Error {}
async function thenUndo(db: Queryable, work: (tx: Queryable) => Promise<void>) {
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      throw new Undo();
    });
  } catch (e) {
    if (!(e instanceof Undo)) throw e;
  }
}

const countBy = async (q: Queryable, where: ReturnType<typeof sql>) =>
  rows<{ kind: string; n: number | string; meters: number | string }>(
    q,
    sql`select kind, count(*) as n, count(distinct service_point_id) as meters from system_alerts where ${where} group by kind order by kind`,
  );

async function main() {
  const bench = await openBench();
  const db = bench.database.db;
  const now = new Date();
  const log = pino({ level: 'info' });
  try {
    await seedLookups(db);
    const seeded = performance.now();
    await seedDemo(db, log, now, { rawDays: DEMO_DAYS });
    console.log(`seeded in ${Math.round((performance.now() - seeded) / 1000)} s`);

    // the leaking meter, as the seed planned it
    const grid = gridFor(now);
    const fleet = planFleet();
    const stayPlan = planStays(grid, fleet);
    markLeak(fleet, stayPlan.segments, grid.lastSlot);
    const planned = fleet.meters.find((m) => m.leakFrom !== null)!;
    const leakStart = timeOfSlot(grid, planned.leakFrom! - 1);
    const [leaky] = await rows<{ id: number }>(db, sql`select id from service_points where name = ${planned.name}`);
    const leakId = leaky!.id;

    console.log('\nAlerts after seeding (open):');
    console.table(await countBy(db, sql`resolved_at is null`));
    const leakAlerts = await rows<{ service_point_id: number; params: unknown }>(
      db,
      sql`select service_point_id, params from system_alerts where kind = 'leak'`,
    );
    console.log(`leak alerts: ${JSON.stringify(leakAlerts)} (leaking meter ${planned.name} = ${leakId})`);

    // (a) the leak: replay the leak job every 5 minutes from the start of the leak
    await thenUndo(db, async (tx) => {
      await tx.execute(sql`delete from system_alerts where kind in ('leak', 'nightFlow')`);
      for (let at = leakStart.getTime(); at <= now.getTime(); at += LEAK_PERIOD) {
        await detectLeaks(tx, new Date(at));
        const [found] = await rows<{ n: number | string }>(
          tx,
          sql`select count(*) as n from system_alerts where kind = 'leak' and service_point_id = ${leakId}`,
        );
        if (Number(found!.n)) {
          console.log(
            `\nleak: started ${leakStart.toISOString()}, alert at ${new Date(at).toISOString()}: ` +
              `${((at - leakStart.getTime()) / HOUR).toFixed(2)} h after it began (rule: 24 complete hours, job every 5 min)`,
          );
          return;
        }
      }
      console.log('\nleak: no alert within the demo');
    });

    // (a) abnormal use: an electric meter of the demo draws 4 times its median day from the next local midnight
    await thenUndo(db, async (tx) => {
      const [m] = await rows<{ id: number; tz: string; total: string; median: number; midnight: Date | string }>(
        tx,
        sql`
        select sp.id, s.time_zone as tz, sp.last_reading::text as total, x.median,
          (((${now.toISOString()}::timestamptz at time zone s.time_zone)::date + 1)::timestamp at time zone s.time_zone) as midnight
        from service_points sp
        join device_types dt on dt.id = sp.device_type_id and dt.unit = 'kWh'
        join locations l on l.id = sp.location_id and not l.deleted
        join sites s on s.id = l.site_id and s.deleted_at is null and not s.exclude_from_monitoring
        cross join lateral (
          select percentile_cont(0.5) within group (order by d.usage) as median, count(*) as n
          from daily_usage d where d.service_point_id = sp.id and d.usage >= 1
            and d.day >= (${now.toISOString()}::timestamptz at time zone s.time_zone)::date - 30
        ) x
        where not sp.exclude_from_monitoring and not sp.is_missing_device and x.n >= 10 and sp.last_reading is not null
        order by sp.id limit 1`,
      );
      const start = new Date(m!.midnight).getTime();
      const perQuarter = (4 * m!.median) / 96;
      let total = Number(m!.total);
      const readings = [];
      for (
        let at = now.getTime() - (now.getTime() % (15 * MINUTE)) + 15 * MINUTE;
        at <= start + 2 * DAY_MS;
        at += 15 * MINUTE
      ) {
        total += at > start ? perQuarter : 0;
        readings.push({ servicePointId: m!.id, readAt: new Date(at), total: total.toFixed(6), isReset: false });
      }
      await recordReadings(tx, readings);
      for (let at = now.getTime(); at <= start + 2 * DAY_MS; at += ABNORMAL_PERIOD) {
        await detectAbnormalUse(tx, new Date(at));
        const [found] = await rows<{ params: unknown }>(
          tx,
          sql`select params from system_alerts where kind = 'abnormalUse' and service_point_id = ${m!.id}`,
        );
        if (found) {
          console.log(
            `abnormal use: ${(4 * m!.median).toFixed(1)} kWh a day from local midnight (median ${m!.median.toFixed(1)}), ` +
              `alert ${((at - start) / HOUR).toFixed(2)} h after it began: ${JSON.stringify(found.params)}`,
          );
          return;
        }
      }
      console.log('abnormal use: no alert');
    });

    // (b) false alerts: every rule each hour over the 90 days, occupancy as the stays had it then
    await thenUndo(db, async (tx) => {
      const t0 = timeOfSlot(grid, 0);
      await rebuildHourlyUsage(tx, t0);
      await tx.execute(sql`delete from system_alerts where kind in ('leak', 'nightFlow', 'vacantDraw', 'abnormalUse')`);
      const started = performance.now();
      let steps = 0;
      for (let at = Math.ceil(t0.getTime() / HOUR) * HOUR + LEAK_PERIOD; at <= now.getTime(); at += HOUR) {
        const when = new Date(at).toISOString();
        await tx.execute(sql`
          update locations l set is_checked_in = x.occupied
          from (
            select l2.id, exists (
              select 1 from stays st where st.location_id = l2.id and st.checkin_at <= ${when}::timestamptz
                and (st.checkout_at is null or st.checkout_at > ${when}::timestamptz)) as occupied
            from locations l2
          ) x
          where x.id = l.id and l.is_checked_in <> x.occupied`);
        for (const rule of RULES) await rule(tx, new Date(at));
        steps += 1;
        if (steps % 240 === 0)
          console.log(`  ${steps} hours replayed, ${((performance.now() - started) / steps).toFixed(0)} ms an hour`);
      }
      const ms = performance.now() - started;
      console.log(`\nreplay: ${steps} hours, the four rules each hour, ${(ms / steps).toFixed(0)} ms an hour`);
      console.log('alerts raised over the 90 days, at meters other than the leaking one:');
      console.table(
        await countBy(
          tx,
          sql`kind in ('leak', 'nightFlow', 'vacantDraw', 'abnormalUse') and service_point_id <> ${leakId}`,
        ),
      );
      console.log('at the leaking meter:');
      console.table(
        await countBy(
          tx,
          sql`kind in ('leak', 'nightFlow', 'vacantDraw', 'abnormalUse') and service_point_id = ${leakId}`,
        ),
      );
      const [meters] = await rows<{ water: number | string; electric: number | string }>(
        tx,
        sql`select count(*) filter (where dt.unit = 'gal') as water, count(*) filter (where dt.unit = 'kWh') as electric
        from service_points sp join device_types dt on dt.id = sp.device_type_id
        where sp.location_id is not null and exists (select 1 from meter_readings r where r.service_point_id = sp.id)`,
      );
      console.log(`meters with readings: ${meters!.water} water, ${meters!.electric} electric`);
      const [sample] = await rows<{ params: unknown; kind: string }>(
        tx,
        sql`select kind, params from system_alerts where kind in ('vacantDraw', 'abnormalUse') order by id limit 3`,
      );
      if (sample) console.log('e.g.', JSON.stringify(sample));
    });
    console.log(`\n(the thresholds are read from ${routes.alerts.thresholds.path})`);
  } finally {
    await bench.close();
  }
}

await main();
