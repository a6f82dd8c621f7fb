import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { Fleet } from './fleet';
import { loadSimulatedMeters } from './fleet-source';
import type { DeviceEvents, DeviceGateway, GatewayStatus } from './gateway';
import { inboundOf } from './inbound';
import { Inbox } from './inbox';

export type SimulatorSettings = {
  speed: number;
  readingSeconds: number;
  heartbeatSeconds: number;
  answerDelayMs: [number, number];
};

/** How long a stopping instance keeps trying to store what the fleet said. */
const DRAIN_MS = 10_000;

/**
 * Every meter in the database behaves like a device of this process (the embedded
 * default: one instance). What the meters say is checked message by message, as from a
 * broker, and stored in batches of up to a second.
 */
export function createSimulatedGateway(
  db: Db,
  log: FastifyBaseLogger,
  settings: SimulatorSettings,
  clockSkewSeconds: number,
): DeviceGateway {
  let fleet: Fleet | undefined;
  let inbox: Inbox | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;

  const refresh = async () => fleet?.add(await loadSimulatedMeters(db));

  return {
    async start(events: DeviceEvents) {
      const taking = new Inbox({ events, log, windowMs: 1_000, maxBatch: 1_000, retryMs: 2_000 });
      inbox = taking;
      fleet = new Fleet({
        speed: settings.speed,
        answerDelayMs: settings.answerDelayMs,
        send: (messages) => {
          const now = new Date();
          for (const m of messages) taking.take(inboundOf(m, now, clockSkewSeconds * 1000));
        },
      });
      await refresh();
      fleet.start(settings.readingSeconds, settings.heartbeatSeconds);
      refreshTimer = setInterval(
        () => void refresh().catch((err: unknown) => log.error({ err }, 'simulated fleet: loading the meters failed')),
        settings.heartbeatSeconds * 1000,
      ).unref();
      log.info({ meters: fleet.size }, 'simulated meter fleet started');
    },
    async stop() {
      clearInterval(refreshTimer);
      fleet?.stop();
      const left = await inbox?.drain(DRAIN_MS);
      if (left) log.warn({ left }, 'simulated fleet: stopping with messages not stored');
    },
    async send(command) {
      if (fleet && !fleet.has(command.deviceKey)) await refresh();
      fleet?.command(command);
    },
    status(): GatewayStatus {
      return {
        ok: fleet !== undefined,
        kind: 'simulated',
        detail: `${fleet?.size ?? 0} simulated meters`,
        brokerDropped: null,
      };
    },
  };
}
