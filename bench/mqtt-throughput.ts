/**
 * Readings a second one instance stores through the broker: the portal on PostgreSQL, the
 * meters a second process publishing at a fixed rate for a while, rate after rate. A rate is
 * sustained when everything published is stored within two seconds of the last publish. Each
 * rate also prints the broker's dropped-message count before and after, as the portal's
 * /api/health shows it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres MQTT_URL=mqtt://127.0.0.1:1883 \
 *     npx tsx bench/mqtt-throughput.ts [--meters 2000] [--seconds 20] [--rates 500,1000,2000,4000]
 */
import { parseArgs } from 'node:util';
import { mqttRig } from './mqtt-rig';

const { values } = parseArgs({
  options: {
    meters: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    rates: { type: 'string', default: '500,1000,2000,4000' },
  },
});
const serverUrl = process.env.DATABASE_URL;
const mqttUrl = process.env.MQTT_URL;
if (!serverUrl || !mqttUrl) {
  console.error('Set DATABASE_URL (a PostgreSQL server) and MQTT_URL (the broker).');
  process.exit(2);
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const rig = await mqttRig({ serverUrl: serverUrl!, mqttUrl: mqttUrl!, meters: Number(values.meters) });
  const portal = await rig.startPortal();
  await pause(2_000); // the broker's latest dropped count reaches the portal's watch
  try {
    let from = 0;
    for (const rate of values.rates.split(',').map(Number)) {
      const before = await rig.storedCount();
      const droppedBefore = await rig.brokerDropped();
      const started = performance.now();
      const count = rate * Number(values.seconds);
      const published = await rig.publish(count, rate, from).done;
      from += count;
      const publishedAt = performance.now();
      // Stored all, or nothing more arrives for 3 s (the broker dropped the rest).
      let stored = (await rig.storedCount()) - before;
      for (let quiet = 0; stored < published.published && quiet < 3;) {
        await pause(1_000);
        const now = (await rig.storedCount()) - before;
        quiet = now === stored ? quiet + 1 : 0;
        stored = now;
      }
      const storedIn = (performance.now() - started) / 1000;
      // the broker publishes its count every sys_interval (10 s by default): wait for the last of this rate
      await pause(11_000);
      const droppedAfter = await rig.brokerDropped();
      const behind = (performance.now() - publishedAt) / 1000;
      console.log(
        JSON.stringify({
          rate,
          published: published.published,
          publishSeconds: +published.seconds.toFixed(1),
          stored,
          lost: published.published - stored,
          // what the operator sees: the broker's count on /api/health before and after (null: none read yet)
          brokerDropped: [droppedBefore, droppedAfter],
          storedPerSecond: Math.round(stored / storedIn),
          behindAtEnd: +behind.toFixed(1),
          sustained: stored === published.published && behind < 2,
        }),
      );
    }
  } finally {
    portal.kill('SIGTERM');
    await new Promise((r) => portal.once('exit', r));
    await rig.close();
  }
}

await main();
