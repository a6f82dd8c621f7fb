/**
 * No reading lost or counted twice across crashes: publishes readings through the broker
 * while the portal (PostgreSQL, one instance) is killed with SIGKILL at random moments and
 * started again, then compares what was stored, and each meter's usage total, with what
 * the broker acknowledged to the publisher.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres MQTT_URL=mqtt://127.0.0.1:1883 \
 *     npx tsx bench/mqtt-durability.ts [--readings 20000] [--meters 200] [--rate 150] [--kills 10]
 *
 * DATABASE_URL names the server (a temporary database is made there and dropped). The broker
 * queues what arrives while the portal is down, up to its max_queued_messages (Mosquitto:
 * 1,000 by default) per instance: keep rate × the portal's start time below it.
 */
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { mqttRig } from './mqtt-rig';

const { values } = parseArgs({
  options: {
    readings: { type: 'string', default: '20000' },
    meters: { type: 'string', default: '200' },
    rate: { type: 'string', default: '150' },
    kills: { type: 'string', default: '10' },
  },
});
const serverUrl = process.env.DATABASE_URL;
const mqttUrl = process.env.MQTT_URL;
if (!serverUrl || !mqttUrl) {
  console.error('Set DATABASE_URL (a PostgreSQL server) and MQTT_URL (the broker).');
  process.exit(2);
}

const exited = (p: ChildProcess) =>
  p.exitCode !== null || p.signalCode !== null ? Promise.resolve() : new Promise((r) => p.once('exit', r));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const rig = await mqttRig({ serverUrl: serverUrl!, mqttUrl: mqttUrl!, meters: Number(values.meters) });
  try {
    let portal = await rig.startPortal();
    await pause(2_000); // the broker's latest dropped count reaches the portal's watch
    const droppedBefore = await rig.brokerDropped();
    const publisher = rig.publish(Number(values.readings), Number(values.rate));
    const kills: string[] = [];
    for (let i = 0; i < Number(values.kills); i++) {
      await pause(500 + Math.random() * 3_500);
      const stored = await rig.storedCount();
      portal.kill('SIGKILL');
      await exited(portal);
      const down = performance.now();
      portal = await rig.startPortal();
      kills.push(
        `kill ${i + 1} with ${stored} stored; up again in ${((performance.now() - down) / 1000).toFixed(1)} s`,
      );
      console.log(kills.at(-1));
    }
    const published = await publisher.done;
    // Whatever the broker still holds for the instance comes now; wait until nothing more arrives.
    let last = -1;
    for (let stored = await rig.storedCount(); stored !== last; stored = await rig.storedCount()) {
      last = stored;
      await pause(3_000);
    }
    // what the operator sees: the broker's dropped count on /api/health before and after (published every 10 s)
    await pause(11_000);
    const brokerDropped = [droppedBefore, await rig.brokerDropped()];
    portal.kill('SIGTERM');
    await exited(portal);
    const check = await rig.check(published);
    const run = { kills: kills.length, rate: Number(values.rate), seconds: published.seconds, brokerDropped };
    console.log(JSON.stringify({ ...check, ...run }, null, 1));
    if (check.lost || check.doubleCountedMeters) process.exitCode = 1;
  } finally {
    await rig.close();
  }
}

await main();
