// An instance's MQTT gateway whose database never answers, as a child process that a test
// kills with SIGKILL: node --import tsx src/test/mqtt-instance.ts URL CLIENT_ID SHARE_GROUP TOPIC_PREFIX
// It prints "ready" once subscribed and "received <deviceKey>" for each reading handed over.
import pino from 'pino';
import { createMqttGateway } from '../gateway/mqtt';

const [url, clientId, shareGroup, topicPrefix] = process.argv.slice(2) as [string, string, string, string];
const never = new Promise<never>(() => {});
const gateway = createMqttGateway(
  { url, clientId, shareGroup, topicPrefix, droppedTopic: null, sessionExpirySeconds: 600, clockSkewSeconds: 300 },
  pino({ level: 'silent' }),
);
await gateway.start({
  acks: () => never,
  readings: (readings) => {
    for (const r of readings) console.log(`received ${r.deviceKey}`);
    return never;
  },
  heartbeats: () => never,
  statuses: () => never,
  refusals: () => never,
});
console.log('ready');
