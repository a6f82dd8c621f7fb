import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { Fleet } from './fleet';
import { loadSimulatedMeters } from './fleet-source';
import type { DeviceEvents, DeviceGateway, GatewayStatus } from './gateway';

export type SimulatorSettings = {
  speed: number;
  readingSeconds: number;
  heartbeatSeconds: number;
  answerDelayMs: [number, number];
};

/**
 * Every meter in the database behaves like a device of this process (the embedded
 * default: one instance). Events go to the server in batches, one call per tick.
 */
export function createSimulatedGateway(db: Db, log: FastifyBaseLogger, settings: SimulatorSettings): DeviceGateway {
  let fleet: Fleet | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  const report = (what: string) => (err: unknown) => log.error({ err }, `simulated fleet: storing ${what} failed`);

  const refresh = async () => fleet?.add(await loadSimulatedMeters(db));

  return {
    async start(events: DeviceEvents) {
      fleet = new Fleet({
        speed: settings.speed,
        answerDelayMs: settings.answerDelayMs,
        acks: (a) => void events.acks(a).catch(report('acks')),
        readings: (r) => void events.readings(r).catch(report('readings')),
        heartbeats: (h) => void events.heartbeats(h).catch(report('heartbeats')),
      });
      await refresh();
      fleet.start(settings.readingSeconds, settings.heartbeatSeconds);
      refreshTimer = setInterval(
        () => void refresh().catch(report('the meter list')),
        settings.heartbeatSeconds * 1000,
      ).unref();
      log.info({ meters: fleet.size }, 'simulated meter fleet started');
    },
    async stop() {
      clearInterval(refreshTimer);
      fleet?.stop();
    },
    async send(command) {
      if (fleet && !fleet.has(command.deviceKey)) await refresh();
      fleet?.command(command);
    },
    status(): GatewayStatus {
      return { ok: fleet !== undefined, kind: 'simulated', detail: `${fleet?.size ?? 0} simulated meters` };
    },
  };
}
