// npm run simulate -- --mqtt mqtt://127.0.0.1:1883
// Runs the simulated meter fleet as its own process against an MQTT broker: every meter
// of the database (DATABASE_URL, or the embedded one under DATA_DIR while the server is
// stopped) answers commands and reports readings and heartbeats over MQTT.
import { parseArgs } from 'node:util';
import { commandMessage } from '@portal/contract';
import mqtt from 'mqtt';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { Fleet } from '../devices/fleet';
import { loadSimulatedMeters } from '../devices/fleet-source';
import { commandTopicKey, topics } from '../devices/topics';

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
const fleet = new Fleet({
  speed: config.simulator.speed,
  answerDelayMs: config.simulator.answerDelayMs,
  send: (messages) => {
    for (const m of messages) client.publish(topics[m.kind](m.deviceKey), m.payload, { qos: 1 });
  },
});
fleet.add(meters);
client.on('message', (topic, payload) => {
  const deviceKey = commandTopicKey(topic);
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return;
  }
  const command = commandMessage.safeParse(body);
  if (deviceKey && command.success) fleet.command({ ...command.data, deviceKey });
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
