// npm start: builds the server (apps/api/dist) and the web app (apps/web/dist) when they are
// missing or older than their sources, then runs the built server (API and web app on one
// port). The web app builds while the server prepares the database (migrations, lookups and, on
// a first start, the demo data) in a process of its own: the two take about as long, and the
// seed's memory is given back before the server starts.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { apiDist, apiIsStale, buildApi } from './build-api.mjs';
import { isStale } from './stale.mjs';

const root = join(import.meta.dirname, '..');
const webStale = isStale(
  join(root, 'apps/web/dist/index.html'),
  ['apps/web/src', 'apps/web/index.html', 'packages/contract/src'].map((p) => join(root, p)),
);

/** The processes running now: a signal to stop is passed on to each of them. */
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));

/** Starts a command with the terminal's output; resolves with its exit code when it ends. */
function run(command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  children.add(child);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

// The web app's build starts first: it takes longest, and the server's takes about a second.
if (webStale) console.log('Building the web app…');
const web = webStale ? run('npm', ['run', 'build', '-w', 'apps/web']) : Promise.resolve(0);
if (apiIsStale()) {
  console.log('Building the server…');
  await buildApi();
}
const server = join(apiDist, 'main.js');
const failed = (await Promise.all([web, run(process.execPath, [server, '--prepare'])])).find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);

// The server's memory (docs/decisions/0078-a-lean-embedded-default-the-first-start-in-seconds-a-server.md, "A lean embedded default"): the young generation
// capped at Node 20's 16 MB a semi-space (Node 24 sizes it from the machine's memory; a
// larger one set in NODE_OPTIONS comes after and wins), and glibc's allocator in one arena
// (each thread's arena otherwise keeps what the database's compilation and the collector's
// helper threads freed).
const code = await run(process.execPath, [server], {
  MALLOC_ARENA_MAX: '1',
  ...process.env,
  NODE_OPTIONS: `--max-semi-space-size=16 ${process.env.NODE_OPTIONS ?? ''}`.trim(),
});
process.exit(code);
