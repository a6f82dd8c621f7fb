import { expect, it } from 'vitest';
import { migratedBefore } from '../test/migrated-before';

/** Migrations 0012 and 0013 turn the alert texts into their figures; the names are read when shown. */
it('keeps the figures of the alerts the old code wrote as text', async () => {
  const { client, migrateRest, rows } = await migratedBefore('0012_');
  await client.exec(`
    insert into business_entities (id, legal_name) values (1, 'B');
    insert into sites (id, bus_entity_id, public_name, physical_addr_line1, physical_city, physical_zip, physical_state_id,
      physical_country_id, time_zone) values (1, 1, 'P', '1 Road', 'Moab', '84532', 45, 236, 'UTC');
    insert into locations (id, site_id, description, public_name) values (1, 1, 'A1', 'LOC1');
    insert into service_points (id, name, device_key, device_type_id, location_id, slot, last_seen_at)
      values (1, 'E000001', 'dk-1', 1, 1, 1, '2026-11-10T03:00Z');
    insert into system_alerts (id, kind, alert_text, site_id, service_point_id) values
      (1, 'missingDevice', '<b>Meter E000001</b> at P / A1 has not reported since 2026-11-10 03:00 UTC.', 1, 1),
      (2, 'unbilledUsage', '<b>Meter E000001</b> at P / A1 used 4.5 kWh today with no guest checked in.', 1, 1),
      (3, 'meterGlitch', '<b>Meter E000001</b> at P / A1 read 10 at 2026-11-10 01:00 UTC, below 60 before and after it: not counted.', 1, 1),
      (4, 'meterBaseline', '<b>Meter E000001</b> at P / A1 went down to 7 at 2026-11-10 04:00 UTC and stayed below 62: replaced or reset, counted from there on.', 1, 1),
      (5, 'meterRollover', '<b>Meter E000001</b> at P / A1 rolled over to 0.25 at 2026-11-10 07:00 UTC from 9999.5: 0.75 counted across it.', 1, 1),
      (6, 'powerLeftOn', '<b>Meter E000001</b> at P / A1 is not confirmed off with no guest checked in: the portal has sent it OFF.', 1, 1);
  `);
  await migrateRest();
  expect(await rows(`select id, params from system_alerts order by id`)).toEqual([
    { id: 1, params: { since: '2026-11-10T03:00:00Z' } },
    { id: 2, params: { usage: 4.5, unit: 'kWh' } },
    { id: 3, params: { total: 10, at: '2026-11-10T01:00:00Z', reference: 60 } },
    { id: 4, params: { total: 7, at: '2026-11-10T04:00:00Z', reference: 62 } },
    { id: 5, params: { total: 0.25, at: '2026-11-10T07:00:00Z', reference: 9999.5, usage: 0.75 } },
    { id: 6, params: {} },
  ]);
  await client.close();
});
