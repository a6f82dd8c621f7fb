/**
 * What every signed-in request pays before its handler: the session check, the input's text
 * check and, for create calls, the Idempotency-Key. Times a light call (`auth.me`), an edit
 * with a body (`locations.edit`) and a create (`businesses.create`) with and without a key,
 * through the real app.
 *
 *   npx tsx bench/request-overhead.ts                        # a fresh in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/request-overhead.ts
 */
import { routes } from '@portal/contract';
import { benchApp, benchProperty, measure, openBench, schema } from './support';

const RUNS = 2_000;
const { me } = routes.auth;
const { edit } = routes.locations;
const { create } = routes.businesses;
const label = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

async function main() {
  const bench = await openBench();
  try {
    const { app, token } = await benchApp(bench);
    const db = bench.database.db;
    const site = await benchProperty(db, 'Overhead Parks', 'Overhead Property');
    const [loc] = await db
      .insert(schema.locations)
      .values({ siteId: site.id, description: 'Pad 1', publicName: 'OVH0001' })
      .returning();
    const auth = { authorization: `Bearer ${token}` };
    const changes = {
      locationID: loc!.id,
      locationDescription: 'Pad 1',
      billingAccountNumber: 'ACC-1',
      locationPublicName: 'OVH0001',
    };
    let n = 0;
    const rows = {
      [label(me)]: await measure(app, { method: me.method, url: me.path, headers: auth }, RUNS),
      [label(edit)]: await measure(app, { method: edit.method, url: edit.path, headers: auth, payload: changes }, RUNS),
    };
    const creates = async (key: boolean) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS / 4; i++) {
        const started = performance.now();
        const res = await app.inject({
          method: create.method,
          url: create.path,
          headers: { ...auth, ...(key ? { 'idempotency-key': `k-${n}` } : {}) },
          payload: { legalName: `Overhead ${n++}` },
        });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
      }
      times.sort((a, b) => a - b);
      return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
    };
    const table = {
      ...Object.fromEntries(Object.entries(rows).map(([k, m]) => [k, { median: m.median, p95: m.p95 }])),
      [label(create)]: await creates(false),
      [`${label(create)} with Idempotency-Key`]: await creates(true),
    };
    for (const [call, m] of Object.entries(table)) {
      console.log(`${call.padEnd(44)} median ${m.median.toFixed(2)} ms  p95 ${m.p95.toFixed(2)} ms`);
    }
    await app.close();
  } finally {
    await bench.close();
  }
}

void main();
