// npm test: lint, types, unit and API tests (on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), the web app's tests, then the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = [];
const reports = mkdtempSync(join(tmpdir(), 'portal-test-reports-'));

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const merged = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined));
  // Vitest steps also write a JSON report, so the summary at the end can name what failed.
  const report = join(reports, `${results.length}.json`);
  const isVitest = args[0] === 'vitest';
  const fullArgs = isVitest ? [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : args;
  const res = spawnSync(cmd, fullArgs, { cwd: root, stdio: 'inherit', env: merged });
  const ok = res.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 100) / 10, report: isVitest ? report : null });
  return ok;
}

/** The failed tests of a step's JSON report, each with the first lines of its error. */
function failuresOf(report) {
  if (!report || !existsSync(report)) return [];
  const { testResults = [] } = JSON.parse(readFileSync(report, 'utf8'));
  return testResults.flatMap((file) => {
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    const where = file.name.replace(`${root}/`, '');
    if (!failed.length && file.status === 'failed') return [`${where}: ${(file.message ?? '').split('\n')[0]}`];
    return failed.map(
      (a) => `${where} > ${a.fullName}: ${(a.failureMessages[0] ?? '').split('\n').slice(0, 3).join(' ')}`,
    );
  });
}

const pg = process.env.TEST_DATABASE_URL;
step('lint', 'npm', ['run', 'lint']);
step('typecheck', 'npm', ['run', 'typecheck']);
step('contract tests', 'npx', ['vitest', 'run', '--root', 'packages/contract']);
step('API tests (PGlite)', 'npx', ['vitest', 'run', '--root', 'apps/api'], { TEST_DATABASE_URL: '' });
// The durability tests run the embedded server (a kill -9 of it); the rest runs again on PostgreSQL.
if (pg)
  step(
    'API tests (PostgreSQL)',
    'npx',
    [
      'vitest',
      'run',
      '--root',
      'apps/api',
      '--exclude',
      'src/durability.test.ts',
      '--exclude',
      'src/features/integrations/webhook-durability.test.ts',
    ],
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
  step('build web app and server', 'npm', ['run', 'build']) &&
  step('browser available', 'node', ['scripts/ensure-chromium.mjs'])
) {
  step('browser tests', 'npx', ['vitest', 'run', '--root', 'e2e']);
}

console.log('\nSummary');
for (const r of results) {
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
  if (!r.ok) for (const failure of failuresOf(r.report)) console.log(`       ${failure.slice(0, 400)}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`Steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
