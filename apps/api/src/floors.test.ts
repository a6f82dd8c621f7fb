import { describe, expect, it } from 'vitest';
import { importProblems } from '../../../scripts/import-problems';

/**
 * The repository's lint configuration refuses an import that goes up the server's floors
 * (lib ← access ← features ← the top), one that reaches into another feature's files, Fastify
 * in a service, the test helpers in the product, and an import cycle. Each case lints a real
 * file with one import added.
 */
const problemsWith = (file: string, addedImport: string) => importProblems(new URL(file, import.meta.url), addedImport);

describe('the floors of the server', { timeout: 60_000 }, () => {
  it.each([
    ['lib → access', './lib/errors.ts', "export { audit } from '../access/audit';"],
    ['access → features', './access/scope.ts', "export { recordReadings } from '../features/meters';"],
    ['the gateway → features', './gateway/inbox.ts', "export { deviceEvents } from '../features/devices';"],
    ['a feature → the top', './features/meters/service.ts', "export { startJobs } from '../../jobs';"],
    [
      "a feature → another feature's file",
      './features/stays/service.ts',
      "export { reclassifyMeters } from '../meters/readings';",
    ],
  ])('refuses %s', async (_case, file, addedImport) => {
    // going up a floor also closes a circle, most often: the cycle is reported beside it
    const problems = await problemsWith(file, addedImport);
    expect(problems).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: /));
  });

  it.each([
    ['access → lib', './access/scope.ts', "export { invalid } from '../lib/errors';"],
    [
      "a feature → another feature's public entry",
      './features/stays/service.ts',
      "export { timeProblem } from '../meters';",
    ],
    ['the top → a feature', './jobs.ts', "export { reclassifyMeters } from './features/meters/readings';"],
  ])('allows %s', async (_case, file, addedImport) => {
    expect(await problemsWith(file, addedImport)).toEqual([]);
  });

  it.each([
    ['Fastify in a service', './features/stays/service.ts', "import type { FastifyRequest } from 'fastify';"],
    [
      'the test helpers in the product',
      './features/stays/service.ts',
      "export { buildSite } from '../../test/factories';",
    ],
  ])('refuses %s', async (_case, file, addedImport) => {
    expect(await problemsWith(file, addedImport)).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
  });

  it('refuses an import cycle', async () => {
    // service.ts reads usage through usage.ts: usage importing service closes a circle.
    const problems = await problemsWith('./features/meters/usage.ts', "export { readingValues } from './service';");
    expect(problems).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });
});
