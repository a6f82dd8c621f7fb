/**
 * The bench fleet's businesses, properties, locations and meters, written set-based in a
 * few statements, and the Administrator the benchmarks sign in as.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Role } from '@portal/contract';
import { rows, type Db } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/features/auth/passwords';
import { createAccount } from '../apps/api/src/features/auth/queries';

/** Where `npm run bench:seed` keeps an embedded database and `npm run bench` serves it from. */
export const BENCH_DATA_DIR = process.env.DATA_DIR ?? join(import.meta.dirname, '.data');

export const BENCH_ADMIN = { email: 'bench-administrator@bench.local', password: 'Bench#Admin2026' };

/** Properties per business entity. */
const SITES_PER_BUSINESS = 5;
const TIME_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles'];
const DeviceType = { Electric: 1, Water: 7 } as const;

/**
 * `sites` × `locationsPerSite` locations in all; the first property holds `largest` of them
 * (a big marina or park: the locations-table benchmark opens it), the rest share the others.
 */
export type FleetSize = { sites: number; locationsPerSite: number; largest: number };

export function locationsPerSite(size: FleetSize): number[] {
  const total = size.sites * size.locationsPerSite;
  const first = Math.min(Math.max(size.largest, size.locationsPerSite), total);
  const rest = size.sites - 1;
  return Array.from({ length: size.sites }, (_, i) =>
    i === 0 ? first : Math.floor((total - first) / rest) + (i - 1 < (total - first) % rest ? 1 : 0),
  );
}

/** A metered location as the readings generator needs it: its meters and its site's zone. */
export type BenchLocation = {
  id: number;
  siteId: number;
  busEntityId: number;
  timeZone: string;
  electric: number;
  water: number;
};

export async function insertFleet(db: Db, size: FleetSize): Promise<BenchLocation[]> {
  const businesses = Math.ceil(size.sites / SITES_PER_BUSINESS);
  await db.execute(sql`
    insert into business_entities (legal_name)
    select 'Bench Holdings ' || lpad(g::text, 3, '0') from generate_series(1, ${businesses}) g`);
  await db.execute(sql`
    insert into sites (bus_entity_id, public_name, billing_name, physical_addr_line1, physical_city,
      physical_zip, physical_state_id, physical_country_id, time_zone, default_checkout_time)
    select be.id, 'Bench Park ' || lpad(g::text, 3, '0'), 'Bench Park ' || lpad(g::text, 3, '0'),
      g || ' Shore Road', 'Moab', '84532', 45, 236,
      (${`{${TIME_ZONES.join(',')}}`}::text[])[1 + g % ${TIME_ZONES.length}], '11:00'
    from generate_series(1, ${size.sites}) g
    join business_entities be on be.legal_name = 'Bench Holdings ' || lpad((1 + (g - 1) / ${SITES_PER_BUSINESS})::text, 3, '0')
    order by g`);
  await db.execute(sql`
    insert into site_settings (site_id, billing_rate, water_billing_rate, week_start)
    select id, 0.15, 0.01, 1 from sites order by id`);
  await db.execute(sql`
    insert into locations (site_id, description, public_name, location_type_id)
    select s.id, 'Site ' || n, 'B' || lpad(s.id::text, 3, '0') || '-' || lpad(n::text, 4, '0'), 1
    from (select id, row_number() over (order by id) as rn from sites) s
    cross join lateral generate_series(1, (${`{${locationsPerSite(size).join(',')}}`}::int[])[s.rn]) n
    order by s.id, n`);
  await db.execute(sql`
    insert into service_points (name, device_key, device_type_id, location_id, slot)
    select m.letter || lpad(l.id::text, 6, '0'), 'bench-' || m.letter || l.id, m.type, l.id, m.slot
    from locations l
    cross join (values ('E', ${DeviceType.Electric}::int, 1::smallint), ('W', ${DeviceType.Water}::int, 2::smallint)) m(letter, type, slot)
    order by l.id, m.slot`);
  await db.execute(sql`
    insert into service_point_capabilities (service_point_id, capability_id, status)
    select sp.id, dtc.capability_id, 0
    from service_points sp join device_type_capabilities dtc on dtc.device_type_id = sp.device_type_id
    order by sp.id, dtc.capability_id`);
  return rows<BenchLocation>(
    db,
    sql`
    select l.id, l.site_id as "siteId", s.bus_entity_id as "busEntityId", s.time_zone as "timeZone", e.id as electric, w.id as water
    from locations l
    join sites s on s.id = l.site_id
    join service_points e on e.location_id = l.id and e.slot = 1
    join service_points w on w.location_id = l.id and w.slot = 2
    order by l.id`,
  );
}

export async function insertAdministrator(db: Db): Promise<void> {
  await createAccount(db, {
    email: BENCH_ADMIN.email,
    username: null,
    passwordHash: await hashPassword(BENCH_ADMIN.password),
    firstName: 'Bench',
    lastName: 'Administrator',
    roleId: Role.Administrator,
    active: true,
  });
}
