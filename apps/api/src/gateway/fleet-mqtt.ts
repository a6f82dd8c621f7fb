import { commandMessage } from '@portal/contract';
import type { MqttClient } from 'mqtt';
import { Fleet, type FleetOptions } from './fleet';
import type { MeterTopics } from './topics';

/**
 * The simulated fleet as meters on a broker (`npm run simulate`): what the meters say is
 * published under the deployment's topics, and the commands published there reach them.
 */
export async function fleetOnBroker(
  client: MqttClient,
  topics: MeterTopics,
  options: Omit<FleetOptions, 'send'>,
): Promise<Fleet> {
  const fleet = new Fleet({
    ...options,
    send: (messages) => {
      for (const m of messages) client.publish(topics[m.kind](m.deviceKey), m.payload, { qos: 1 });
    },
  });
  client.on('message', (topic, payload) => {
    const deviceKey = topics.commandKey(topic);
    if (!deviceKey) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const command = commandMessage.safeParse(body);
    if (command.success) fleet.command({ ...command.data, deviceKey });
  });
  await client.subscribeAsync(topics.toMeters, { qos: 1 });
  return fleet;
}
