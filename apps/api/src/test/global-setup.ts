import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client';
import { seedLookups } from '../db/seed/lookups';

declare module 'vitest' {
  export interface ProvidedContext {
    templatePath: string;
  }
}

/**
 * A fresh PGlite costs seconds (initdb and migrations); a migrated template with the
 * lookups, dumped once and loaded by each test file, costs about one.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const templatePath = join(dir, 'template.tar');
  if (!process.env.TEST_DATABASE_URL) {
    const database = await openPglite(undefined);
    await seedLookups(database.db);
    const dump = await database.client.dumpDataDir('none');
    writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('templatePath', templatePath);
  return () => rmSync(dir, { recursive: true, force: true });
}
