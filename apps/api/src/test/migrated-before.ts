import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, type Db } from '../db/client';
import * as schema from '../db/schema';
import { seedLookups } from '../db/seed/lookups';

/** Columns of lookup tables that migrations added after the first, with the migration that adds each. */
const LOOKUP_COLUMNS_ADDED_LATER = [
  { by: '0022_', table: 'device_types', column: 'max_rate_per_hour', type: 'numeric(12, 3)' },
];

/**
 * An in-memory database migrated up to (not including) the migration whose tag starts with
 * `tag`, with the lookups seeded: the state a data-repairing migration meets in the field.
 * `migrateRest` then runs the remaining migrations.
 */
export async function migratedBefore(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.startsWith(tag));
  if (cut <= 0) throw new Error(`no migration after the first starts with ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

  const client = await PGlite.create();
  const db = drizzle(client, { casing: 'snake_case' });
  await migrate(db, { migrationsFolder: dir });
  rmSync(dir, { recursive: true, force: true });
  // the lookups as the code seeds them now: a column a later migration adds to a lookup table is
  // there for the seeding only, so that the migration finds the table as it was
  const added = LOOKUP_COLUMNS_ADDED_LATER.filter(
    (c) => cut <= journal.entries.findIndex((e) => e.tag.startsWith(c.by)),
  );
  for (const c of added) await client.exec(`alter table ${c.table} add column ${c.column} ${c.type}`);
  await seedLookups(drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db);
  for (const c of added) await client.exec(`alter table ${c.table} drop column ${c.column}`);
  return {
    client,
    migrateRest: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    rows: async (text: string) => (await client.query<Record<string, unknown>>(text)).rows,
  };
}
