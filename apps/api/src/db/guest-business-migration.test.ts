import { expect, it } from 'vitest';
import { migratedBefore } from '../test/migrated-before';

/**
 * Migration 0007 gives every guest the business they stayed with. A guest record that an id taken
 * across tenants had joined to two businesses' stays is split, so each business keeps its own copy.
 */
it('gives each guest its business, splitting a guest shared across businesses', async () => {
  const { client, migrateRest, rows } = await migratedBefore('0007_');
  await client.exec(`
    insert into business_entities (id, legal_name) values (1, 'A'), (2, 'B');
    insert into sites (id, bus_entity_id, public_name, physical_addr_line1, physical_city, physical_zip, physical_state_id,
      physical_country_id, time_zone) values (1, 1, 'PA', '1 Road', 'Moab', '84532', 45, 236, 'UTC'),
      (2, 2, 'PB', '2 Road', 'Moab', '84532', 45, 236, 'UTC');
    insert into locations (id, site_id, description, public_name) values (1, 1, 'A1', 'LOCA1'), (2, 2, 'B1', 'LOCB1');
    insert into guests (id, mobile_number, first_name) values (1, '(555) 000-0001', 'Vera'), (2, '(555) 000-0002', 'Ann'),
      (3, '(555) 000-0003', 'Nobody');
    select setval(pg_get_serial_sequence('guests', 'id'), 3);
    insert into stays (id, location_id, site_id, guest_id, checkin_at, checkout_at) values
      (1, 1, 1, 1, '2026-11-01T00:00Z', '2026-11-02T00:00Z'),
      (2, 2, 2, 1, '2026-11-03T00:00Z', null),
      (3, 1, 1, 2, '2026-11-04T00:00Z', null);
  `);

  await migrateRest();

  expect(await rows(`select id, bus_entity_id, first_name from guests order by id`)).toEqual([
    { id: 1, bus_entity_id: 1, first_name: 'Vera' },
    { id: 2, bus_entity_id: 1, first_name: 'Ann' },
    { id: 4, bus_entity_id: 2, first_name: 'Vera' },
  ]);
  expect(await rows(`select id, guest_id from stays order by id`)).toEqual([
    { id: 1, guest_id: 1 },
    { id: 2, guest_id: 4 },
    { id: 3, guest_id: 2 },
  ]);
  await expect(client.query(`insert into guests (mobile_number, first_name) values ('x', 'y')`)).rejects.toThrow(
    /bus_entity_id/,
  );
  await client.close();
});
