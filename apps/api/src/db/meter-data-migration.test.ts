import { expect, it } from 'vitest';
import { migratedBefore } from '../test/migrated-before';

/**
 * Migration 0006 on a database the old code filled: totals that are not a number or below zero
 * are gone, every figure is worked out again by the usage rule, and none can come back.
 */
it('repairs the totals the old code stored (NaN, below zero) and rebuilds the roll-ups from what remains', async () => {
  const { client, migrateRest, rows: q } = await migratedBefore('0006_');
  await client.exec(`
    insert into business_entities (id, legal_name) values (1, 'B');
    insert into sites (id, bus_entity_id, public_name, physical_addr_line1, physical_city, physical_zip, physical_state_id,
      physical_country_id, time_zone) values (1, 1, 'P', '1 Road', 'Moab', '84532', 45, 236, 'UTC');
    insert into locations (id, site_id, description, public_name, is_checked_in) values (1, 1, 'A1', 'LOC1', false);
    insert into service_points (id, name, device_key, device_type_id, location_id, slot, last_reading, last_reading_at, usage_total)
      values (1, 'E000001', 'dk-1', 1, 1, 1, 'NaN', '2026-11-10T03:00Z', 'NaN');
    insert into meter_readings (service_point_id, read_at, total) values
      (1, '2026-11-10T00:00Z', 60), (1, '2026-11-10T01:00Z', 'NaN'), (1, '2026-11-10T02:00Z', -5),
      (1, '2026-11-10T02:30Z', 10), (1, '2026-11-10T03:00Z', 61), (1, '2026-11-11T00:00Z', 'NaN'),
      (1, '2026-11-11T01:00Z', 70);
    insert into daily_usage (service_point_id, day, usage, total_before, first_reading, last_reading, last_read_at)
      values (1, '2026-11-10', 'NaN', 0, 60, 61, '2026-11-10T03:00Z');
    insert into site_daily_usage (site_id, day, kwh, gallons) values (1, '2026-11-10', 'NaN', 0);
    insert into stays (id, location_id, site_id, checkin_at, checkout_at, total_usage)
      values (1, 1, 1, '2026-11-10T00:30Z', '2026-11-11T00:30Z', 'NaN');
    insert into stay_meters (stay_id, service_point_id, opening_reading, closing_reading, usage)
      values (1, 1, 60, 'NaN', 'NaN');
  `);

  await migrateRest();

  expect(await q(`select read_at, total::text, kind, usage::text from meter_readings order by read_at`)).toEqual([
    { read_at: new Date('2026-11-10T00:00Z'), total: '60.000000', kind: 'normal', usage: '0.000000' },
    // 60 → 10 → 61: a one-off low total, the rise after it counted from 60
    { read_at: new Date('2026-11-10T02:30Z'), total: '10.000000', kind: 'glitch', usage: '0.000000' },
    { read_at: new Date('2026-11-10T03:00Z'), total: '61.000000', kind: 'normal', usage: '1.000000' },
    { read_at: new Date('2026-11-11T01:00Z'), total: '70.000000', kind: 'normal', usage: '9.000000' },
  ]);
  expect(await q(`select usage_total::text, last_reading::text from service_points`)).toEqual([
    { usage_total: '10.000000', last_reading: '70.000000' },
  ]);
  expect(await q(`select day::text, usage::text, total_before::text from daily_usage order by day`)).toEqual([
    { day: '2026-11-10', usage: '1.000000', total_before: '0.000000' },
    { day: '2026-11-11', usage: '9.000000', total_before: '1.000000' },
  ]);
  expect(await q(`select day::text, kwh::text from site_daily_usage order by day`)).toEqual([
    { day: '2026-11-10', kwh: '1.000000' },
    { day: '2026-11-11', kwh: '9.000000' },
  ]);
  expect(await q(`select opening_reading::text, closing_reading::text, usage::text from stay_meters`)).toEqual([
    { opening_reading: '60.000000', closing_reading: '61.000000', usage: '1.000000' },
  ]);
  expect(await q(`select total_usage::text from stays`)).toEqual([{ total_usage: '1.000000' }]);

  // Infinity never fitted numeric(18, 6); NaN and totals below zero did.
  for (const total of ['NaN', '-1'])
    await expect(
      client.query(`insert into meter_readings (service_point_id, read_at, total) values (1, now(), '${total}')`),
      total,
    ).rejects.toThrow(/total_range/);
  await client.close();
});
