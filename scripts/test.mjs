// npm test: lint, types, unit and API tests (on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), the web app's tests, then the browser tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = [];

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const merged = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined));
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: merged });
  const ok = res.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
  return ok;
}

const pg = process.env.TEST_DATABASE_URL;
step('lint', 'npm', ['run', 'lint']);
step('typecheck', 'npm', ['run', 'typecheck']);
step('contract tests', 'npx', ['vitest', 'run', '--root', 'packages/contract']);
step('API tests (PGlite)', 'npx', ['vitest', 'run', '--root', 'apps/api'], { TEST_DATABASE_URL: '' });
// The durability test is about the embedded database; the rest runs again on the server.
if (pg)
  step(
    'API tests (PostgreSQL)',
    'npx',
    ['vitest', 'run', '--root', 'apps/api', '--exclude', 'src/durability.test.ts'],
    { TEST_DATABASE_URL: pg },
  );
step('web tests', 'npx', ['vitest', 'run', '--root', 'apps/web']);
// The benchmark suite end to end on a tiny embedded data set: it still runs, and prints its table.
const benchData = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const benchEnv = { DATABASE_URL: undefined, DATA_DIR: benchData, BENCH_RESULTS_DIR: benchData };
if (
  step(
    'bench seed (smoke)',
    'npx',
    ['tsx', 'bench/seed.ts', '--sites', '3', '--locations-per-site', '20', '--largest', '30', '--days', '1'],
    benchEnv,
  )
)
  step('bench (smoke)', 'npx', ['tsx', 'bench/run.ts', '--quick'], benchEnv);
if (
  step('build web app', 'npm', ['run', 'build', '-w', 'apps/web']) &&
  step('browser available', 'node', ['scripts/ensure-chromium.mjs'])
) {
  step('browser tests', 'npx', ['vitest', 'run', '--root', 'e2e']);
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`Steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
