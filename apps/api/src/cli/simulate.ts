// npm run simulate -- --mqtt mqtt://127.0.0.1:1883
// Runs the simulated meter fleet as its own process against an MQTT broker: every meter
// of the database (DATABASE_URL, or the embedded one under DATA_DIR while the server is
// stopped) answers commands and reports readings and heartbeats over MQTT.
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { Fleet } from '../devices/fleet';
import { loadSimulatedMeters } from '../devices/fleet-source';
import { commandPayload, parseTopic, topics } from '../devices/topics';

const { values } = parseArgs({ options: { mqtt: { type: 'string' } } });
if (!values.mqtt) {
  console.error('Usage: npm run simulate -- --mqtt mqtt://host:1883');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
const meters = await loadSimulatedMeters(database.db);
await database.close();

const client = await mqtt.connectAsync(values.mqtt, { protocolVersion: 5, clientId: `fleet-${process.pid}` });
const publish = (topic: string, body: object) => void client.publish(topic, JSON.stringify(body), { qos: 1 });
const fleet = new Fleet({
  speed: config.simulator.speed,
  answerDelayMs: config.simulator.answerDelayMs,
  acks: (acks) =>
    acks.forEach((a) =>
      publish(topics.ack(a.deviceKey), { messageId: a.messageId, resultCode: a.resultCode, at: a.at.toISOString() }),
    ),
  readings: (rs) =>
    rs.forEach((r) => publish(topics.reading(r.deviceKey), { total: r.total, at: r.readAt.toISOString() })),
  heartbeats: (hs) => hs.forEach((h) => publish(topics.heartbeat(h.deviceKey), { at: h.at.toISOString() })),
});
fleet.add(meters);
client.on('message', (topic, payload) => {
  const parsed = parseTopic(topic);
  const command = commandPayload.safeParse(JSON.parse(payload.toString('utf8')));
  if (parsed?.kind === 'command' && command.success) fleet.command({ ...command.data, deviceKey: parsed.deviceKey });
});
await client.subscribeAsync(topics.toMeters, { qos: 1 });
fleet.start(config.simulator.readingSeconds, config.simulator.heartbeatSeconds);
console.log(`Simulating ${fleet.size} meters on ${values.mqtt}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    fleet.stop();
    void client.endAsync().then(() => process.exit(0));
  });
}
