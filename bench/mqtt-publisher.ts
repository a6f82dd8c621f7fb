/**
 * Meters on the broker, as a process of their own: publishes readings of the device keys
 * named in a JSON file, round robin, at a steady rate, QoS 1, and prints one JSON line with
 * what the broker acknowledged (a reading counts as published once the broker's PUBACK came).
 *
 *   npx tsx bench/mqtt-publisher.ts '{"url":"mqtt://…","topicPrefix":"meters","keysFile":"…","count":20000,"rate":200,"firstAt":…}'
 *
 * Reading k of a meter has the total 1000 + k/4 and the time firstAt + k seconds; the rig
 * stores 999.75 a second before, so each reading stored once adds a quarter to the usage.
 */
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { meterTopics } from '../apps/api/src/gateway/topics';

/** `from`: the index of the first reading (round robin over the keys), so that later runs publish later readings. */
export type PublisherSettings = {
  url: string;
  /** The portal's MQTT_TOPIC_PREFIX. */
  topicPrefix: string;
  keysFile: string;
  from: number;
  count: number;
  rate: number;
  firstAt: number;
};
export type Published = { published: number; seconds: number; perMeter: Record<string, number> };

/** Published readings are 1000 + k × STEP for k = 0, 1, …: each stored once adds STEP to the meter's usage. */
export const STEP = 0.25;

export const readingOf = (k: number, firstAt: number) =>
  JSON.stringify({ total: (1000 + k * STEP).toFixed(2), at: new Date(firstAt + k * 1000).toISOString() });

async function main() {
  const settings = JSON.parse(process.argv[2]!) as PublisherSettings;
  const keys = JSON.parse(readFileSync(settings.keysFile, 'utf8')) as string[];
  const topics = meterTopics(settings.topicPrefix);
  const client = await mqtt.connectAsync(settings.url, { protocolVersion: 5, clientId: `bench-meters-${process.pid}` });
  const perMeter: Record<string, number> = {};
  const started = performance.now();
  const TICK_MS = 50;
  let sent = 0;
  for (let tick = 0; sent < settings.count; tick++) {
    const due = Math.min(settings.count, Math.round(((tick + 1) * TICK_MS * settings.rate) / 1000));
    const batch: Array<Promise<unknown>> = [];
    for (; sent < due; sent++) {
      const index = settings.from + sent;
      const key = keys[index % keys.length]!;
      const k = Math.floor(index / keys.length);
      batch.push(
        client.publishAsync(topics.reading(key), readingOf(k, settings.firstAt), { qos: 1 }).then(() => {
          perMeter[key] = (perMeter[key] ?? 0) + 1;
        }),
      );
    }
    await Promise.all(batch);
    const wait = started + (tick + 1) * TICK_MS - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const seconds = (performance.now() - started) / 1000;
  await client.endAsync();
  const published = Object.values(perMeter).reduce((a, b) => a + b, 0);
  console.log(JSON.stringify({ published, seconds, perMeter } satisfies Published));
}

if (process.argv[1] === import.meta.filename) await main();
