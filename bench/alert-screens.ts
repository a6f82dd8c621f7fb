/**
 * What alerts cost the screens that list them and the job that tells users of them: 20
 * properties of 100 locations, each with a meter, 50,000 alerts over 90 days (2,000 still
 * open, the rest resolved), 60 users. Times the Alerts page (unresolved, one property's,
 * resolved), the dashboard's panel, the properties list with its open-alert counts, and the
 * notification job handing 200 new alerts to their users.
 *
 *   npx tsx bench/alert-screens.ts                        # a fresh in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/alert-screens.ts
 */
import { sql } from 'drizzle-orm';
import { Role, routes } from '@portal/contract';
import { rows } from '../apps/api/src/db/client';
import { notifyAlerts } from '../apps/api/src/features/alerts/notify';
import { urlOf } from './http';
import { benchApp, benchProperty, measure, openBench, schema } from './support';

const PROPERTIES = 20;
const LOCATIONS = 100;
const ALERTS = 50_000;
const OPEN = 2_000;
const RUNS = 30;
const KINDS = ['missingDevice', 'leak', 'nightFlow', 'abnormalUse', 'vacantDraw', 'commandFailed', 'readingRefused'];

async function main() {
  const bench = await openBench();
  try {
    const { app, token } = await benchApp(bench);
    const db = bench.database.db;
    const first = await benchProperty(db, 'Alert Parks', 'Alert Property 0');
    await db.execute(sql`
      insert into sites (bus_entity_id, public_name, physical_addr_line1, physical_city, physical_zip,
        physical_state_id, physical_country_id, time_zone)
      select ${first.busEntityId}, 'Alert Property ' || g, '1 Bench Road', 'Moab', '84532', 45, 236, 'America/Denver'
      from generate_series(1, ${PROPERTIES - 1}) g`);
    await db.execute(sql`
      insert into locations (site_id, description, public_name)
      select s.id, 'Pad ' || g, 'AL' || s.id || '-' || g
      from sites s cross join generate_series(1, ${LOCATIONS}) g where s.bus_entity_id = ${first.busEntityId}`);
    await db.execute(sql`
      insert into service_points (name, device_key, device_type_id, location_id, slot)
      select 'A' || lpad(l.id::text, 6, '0'), 'dk-al' || l.id, 1, l.id, 1
      from locations l join sites s on s.id = l.site_id where s.bus_entity_id = ${first.busEntityId}`);
    // alerts over 90 days; each meter's kind repeats only once resolved, so the open ones are distinct
    await db.execute(sql`
      with m as (
        select sp.id, l.site_id, row_number() over (order by sp.id) as n, count(*) over () as c
        from service_points sp join locations l on l.id = sp.location_id
        join sites s on s.id = l.site_id where s.bus_entity_id = ${first.busEntityId}
      )
      insert into system_alerts (kind, params, site_id, service_point_id, created_at, resolved_at, notified_at)
      select (${`{${KINDS.join(',')}}`}::text[])[1 + (g / m.c) % ${KINDS.length}], '{"usage": 12}'::jsonb, m.site_id, m.id,
        now() - (g * interval '90 days' / ${ALERTS}),
        case when g >= ${OPEN} then now() - (g * interval '90 days' / ${ALERTS}) + interval '2 hours' end, now()
      from generate_series(0, ${ALERTS - 1}) g join m on m.n = 1 + g % m.c`);
    const users = Array.from({ length: 60 }, (_, i) => i);
    for (const i of users) {
      const [contact] = await db
        .insert(schema.contacts)
        .values({ email: `al${i}@bench.local`, firstName: 'Bench', lastName: `User ${i}` })
        .returning();
      await db.insert(schema.userAccounts).values({
        contactId: contact!.id,
        email: `al${i}@bench.local`,
        roleId: i % 3 === 0 ? Role.SiteOwner : Role.Administrator,
        busEntityId: i % 3 === 0 ? first.busEntityId : null,
      });
    }
    await db.execute(sql`analyze`);

    const auth = { authorization: `Bearer ${token}` };
    const get = (url: string) => ({ method: 'GET' as const, url, headers: auth });
    const timed: Record<string, Awaited<ReturnType<typeof measure>>> = {
      [`Alerts page, unresolved (${OPEN}), first 50`]: await measure(app, get(routes.alerts.list.path), RUNS),
      ['Alerts page, one property, unresolved']: await measure(
        app,
        get(urlOf(routes.alerts.list, { siteID: first.id })),
        RUNS,
      ),
      [`Alerts page, resolved (${ALERTS - OPEN}), page 100`]: await measure(
        app,
        get(urlOf(routes.alerts.list, { state: 'resolved', page: 100 })),
        RUNS,
      ),
      ['Dashboard panel (open alerts)']: await measure(app, get(routes.dashboard.alerts.path), RUNS),
      [`Properties list (${PROPERTIES}, with open-alert counts)`]: await measure(
        app,
        get(routes.sites.visible.path),
        RUNS,
      ),
    };
    console.log(`${bench.database.driver}, ${RUNS} runs each`);
    for (const [name, m] of Object.entries(timed)) {
      console.log(
        `${name.padEnd(48)} median ${m.median.toFixed(1).padStart(7)} ms  p95 ${m.p95.toFixed(1).padStart(7)} ms  ${m.statements.join('/')} statements  ${(m.bytes / 1024).toFixed(1)} kB`,
      );
    }

    // 200 new alerts (the job's batch), each told to the 60 users by their defaults
    await db.execute(sql`
      insert into system_alerts (kind, params, site_id, service_point_id, created_at)
      select 'leak', '{"hours": 24, "usage": 40}'::jsonb, a.site_id, a.service_point_id, now()
      from (select distinct on (service_point_id) site_id, service_point_id from system_alerts
            where resolved_at is not null order by service_point_id limit 200) a
      on conflict do nothing`);
    const deps = { db, now: () => new Date(), config: { publicUrl: 'http://bench' } } as Parameters<
      typeof notifyAlerts
    >[0];
    const started = performance.now();
    const told = await notifyAlerts(deps);
    const ms = performance.now() - started;
    const [mails] = await rows<{ n: number }>(db, sql`select count(*)::int as n from outbox_emails`);
    console.log(`Notify job: ${told} alerts, ${mails!.n} mails queued, ${ms.toFixed(0)} ms`);
  } finally {
    await bench.close();
  }
}

await main();
