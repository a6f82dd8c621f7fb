import { existsSync, renameSync, rmSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { embeddedDir, openDatabase, openPglite, type Database } from './client';
import { seedDemo } from './seed/demo';
import { seedLookups } from './seed/lookups';

/**
 * How an embedded database is built: nothing reads it meanwhile and a failed build is thrown
 * away, so the write-ahead log only has to keep what recovery needs (wal_level = minimal: the
 * rows of a table truncated in the same transaction skip it, as the demo's bulk does), and it is
 * kept small.
 */
const BUILDING = ['wal_level = minimal', 'max_wal_senders = 0', 'max_wal_size = 32MB'];

/** The lookups and, in demo mode, the demo data (the migrations ran as it opened): each does nothing once done. */
async function fill(database: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  await seedLookups(database.db);
  if (config.demo) await seedDemo(database.db, log);
}

/**
 * The database the server runs on, migrated, with the lookups and, in demo mode, the demo data.
 * A new embedded database is built in a directory beside its place and moved there once
 * complete: a first start killed part-way leaves only that directory, which the next start
 * deletes before it builds again, so nothing is left half seeded and nothing grows from one
 * attempt to the next.
 */
export async function prepareDatabase(config: Config, log: FastifyBaseLogger): Promise<Database> {
  if (!config.databaseUrl) await buildEmbedded(embeddedDir(config.dataDir), config, log);
  const database = await openDatabase(config);
  await fill(database, config, log);
  return database;
}

async function buildEmbedded(dir: string, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (existsSync(dir)) return;
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  const database = await openPglite(building, undefined, BUILDING);
  try {
    await fill(database, config, log);
    // Hint bits and the visibility map set now, while nobody waits: the server's first reads
    // would otherwise write every page again, and log it whole (the pages carry checksums).
    await database.client.exec('vacuum (freeze)');
    await database.client.exec('checkpoint');
  } finally {
    await database.close();
  }
  renameSync(building, dir);
}
