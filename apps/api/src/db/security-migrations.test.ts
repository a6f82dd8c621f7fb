import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { migratedBefore } from '../test/migrated-before';

/**
 * Migrations 0024 and 0025. 0024 makes a property's tariff versions one a moment: where several
 * took effect at one moment, the one created last stays (ties: the highest id), the others go;
 * versions of other moments and properties stay as they are. It also keeps only hashes of the
 * guest links' tokens: a link given out before works on by its hash, a revoked one keeps none.
 * 0025 drops the idempotency claims left without an answer.
 */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

it('keeps the version created last of those sharing a moment, only hashes of the links given out, and no unanswered key', async () => {
  const { client, migrateRest, rows } = await migratedBefore('0024_');
  await client.exec(`
    insert into business_entities (id, legal_name) values (1, 'A');
    insert into sites (id, bus_entity_id, public_name, physical_addr_line1, physical_city, physical_zip, physical_state_id,
      physical_country_id, time_zone) values (1, 1, 'PA', '1 Road', 'Moab', '84532', 45, 236, 'UTC'),
      (2, 1, 'PB', '2 Road', 'Moab', '84532', 45, 236, 'UTC');
    delete from tariff_versions;
    insert into tariff_versions (id, site_id, effective_from, electric_rate, water_rate, created_at) values
      (1, 1, '2026-12-01T00:00Z', 0.10, 0, '2026-11-01T10:00Z'),
      (2, 1, '2026-12-01T00:00Z', 0.20, 0, '2026-11-01T10:00:05Z'),
      (3, 1, '2026-12-01T00:00Z', 0.30, 0, '2026-11-01T10:00:01Z'),
      (4, 1, '2026-12-02T00:00Z', 0.40, 0, '2026-11-01T09:00Z'),
      (5, 2, '2026-12-01T00:00Z', 0.50, 0, '2026-11-01T08:00Z');
    insert into locations (id, site_id, description, public_name) values (1, 1, 'A1', 'LOCA1');
    insert into stays (id, location_id, site_id, checkin_at, checkout_at, statement_token, statement_revoked_at) values
      (1, 1, 1, '2026-11-01T00:00Z', '2026-11-02T00:00Z', 'given-out-token', null),
      (2, 1, 1, '2026-11-03T00:00Z', '2026-11-04T00:00Z', 'revoked-token', '2026-11-05T00:00Z'),
      (3, 1, 1, '2026-11-06T00:00Z', null, null, null);
    insert into idempotency_keys (user_account_id, key, fingerprint, status, answer) values
      (1, 'answered', 'f', 200, '{}'), (1, 'claimed-outside-its-write', 'f', null, null);
  `);

  await migrateRest();

  expect(await rows(`select id, site_id, electric_rate::text as rate from tariff_versions order by id`)).toEqual([
    { id: 2, site_id: 1, rate: '0.200000' },
    { id: 4, site_id: 1, rate: '0.400000' },
    { id: 5, site_id: 2, rate: '0.500000' },
  ]);
  await expect(
    client.query(`insert into tariff_versions (site_id, effective_from, electric_rate, water_rate)
      values (1, '2026-12-02T00:00Z', 1, 1)`),
  ).rejects.toThrow(/tariff_versions_site_moment/);

  expect(
    await rows(`select id, statement_token_hash, statement_legacy_token_hash, statement_link_generation
      from stays order by id`),
  ).toEqual([
    {
      id: 1,
      statement_token_hash: null,
      statement_legacy_token_hash: sha256('given-out-token'),
      statement_link_generation: 0,
    },
    { id: 2, statement_token_hash: null, statement_legacy_token_hash: null, statement_link_generation: 0 },
    { id: 3, statement_token_hash: null, statement_legacy_token_hash: null, statement_link_generation: 0 },
  ]);
  // 0025: a claim the old code left without an answer says nothing of its write: it goes
  expect(await rows(`select key from idempotency_keys`)).toEqual([{ key: 'answered' }]);
  expect(
    await rows(`select column_name from information_schema.columns where table_name = 'stays'
    and column_name = 'statement_token'`),
  ).toEqual([]);
  await client.close();
});
