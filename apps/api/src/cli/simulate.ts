// npm run simulate -- --mqtt mqtt://127.0.0.1:1883
// Runs the simulated meter fleet as its own process against an MQTT broker: every meter
// of the database (DATABASE_URL, or the embedded one under DATA_DIR while the server is
// stopped) answers commands and reports readings and heartbeats over MQTT, under the
// deployment's topics (MQTT_TOPIC_PREFIX, as the server reads it).
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { fleetOnBroker } from '../gateway/fleet-mqtt';
import { loadSimulatedMeters } from '../gateway/fleet-source';
import { meterTopics } from '../gateway/topics';

const { values } = parseArgs({ options: { mqtt: { type: 'string' } } });
if (!values.mqtt) {
  console.error('Usage: npm run simulate -- --mqtt mqtt://host:1883');
  process.exit(2);
}

const config = loadConfig();
const topics = meterTopics(config.mqtt.topicPrefix);
const database = await openDatabase(config);
const meters = await loadSimulatedMeters(database.db);
await database.close();

const client = await mqtt.connectAsync(values.mqtt, { protocolVersion: 5, clientId: `fleet-${process.pid}` });
const fleet = await fleetOnBroker(client, topics, {
  speed: config.simulator.speed,
  answerDelayMs: config.simulator.answerDelayMs,
});
fleet.add(meters);
fleet.start(config.simulator.readingSeconds, config.simulator.heartbeatSeconds);
console.log(`Simulating ${fleet.size} meters on ${values.mqtt} under ${topics.prefix}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    fleet.stop();
    void client.endAsync().then(() => process.exit(0));
  });
}
