// Builds the API server to JavaScript in apps/api/dist: an ES module for the server and for
// each command-line tool (create-admin, simulate), with the contract's TypeScript bundled in
// and every package left to node_modules, and the migrations beside them (the server finds
// them next to itself). Node 20 and newer run it without a loader.
//
//   node scripts/build-api.mjs [--if-stale]
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isStale } from './stale.mjs';

const root = join(import.meta.dirname, '..');
const api = join(root, 'apps/api');
export const apiDist = join(api, 'dist');

const entryPoints = {
  main: join(api, 'src/main.ts'),
  'create-admin': join(api, 'src/cli/create-admin.ts'),
  simulate: join(api, 'src/cli/simulate.ts'),
};
const sources = [
  join(api, 'src'),
  join(api, 'package.json'),
  join(root, 'packages/contract/src'),
  import.meta.filename,
];

export const apiIsStale = () => isStale(join(apiDist, 'main.js'), sources);

export async function buildApi() {
  // only needed to build: a production install without development packages runs dist as built
  const { build } = await import('esbuild');
  const { dependencies } = JSON.parse(readFileSync(join(api, 'package.json'), 'utf8'));
  rmSync(apiDist, { recursive: true, force: true });
  cpSync(join(api, 'src/db/migrations'), join(apiDist, 'migrations'), { recursive: true });
  await build({
    entryPoints,
    outdir: apiDist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // the workspace's TypeScript is bundled; installed packages are imported from node_modules
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@portal/')),
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });
  if (!values['if-stale'] || apiIsStale()) await buildApi();
}
