import type { FastifyBaseLogger } from 'fastify';
import { actingAs, type Context } from './access/actor';
import type { Deps } from './deps';
import { expireCommands, sendLeftQueued } from './features/devices/service';
import { switchOffPowerLeftOn } from './features/devices/left-on';
import { flagUnbilledUsage, markMissingMeters } from './features/devices/monitor';
import { autoCheckOut } from './features/stays/service';
import { settleStatements } from './features/billing/service';
import { reclassifyQueuedMeters } from './features/meters/readings';
import { forgetOldFailures } from './features/auth/throttle';
import { forgetEndedSessions } from './features/auth/sessions';
import { forgetOldKeys } from './lib/idempotency';
import { deliverMails } from './lib/mailer';
import { deliverWebhooks } from './features/integrations/delivery';
import { settleReservations } from './features/integrations/reservations';
import { resolveQuietRefusals } from './features/devices/refusals';
import { recordBrokerDrops } from './features/devices/broker-drops';
import { notifyAlerts, sendDigests } from './features/alerts/notify';
import { tellResolvedAlerts } from './features/alerts/webhook-events';
import { runSchedules } from './features/schedules/run';
import { abnormalUseJob, leakJob, nightFlowJob, pruneHourlyJob, vacantDrawJob } from './features/alerts/detection';

type Job = { name: string; everySeconds: number; run: (ctx: Context) => Promise<number> };

/**
 * Work the server does on its own, whether or not a browser is open. Each job is safe to
 * run on every instance at once: its statements claim rows atomically.
 */
const jobs: Job[] = [
  { name: 'deliver mails', everySeconds: 2, run: deliverMails },
  // a quarter second: one read of a partial index when nothing is due
  { name: 'deliver webhooks', everySeconds: 0.25, run: deliverWebhooks },
  { name: 'scheduled reports', everySeconds: 30, run: runSchedules },
  { name: 'send commands left queued', everySeconds: 5, run: sendLeftQueued },
  { name: 'expire commands', everySeconds: 5, run: expireCommands },
  { name: 'automatic check-out', everySeconds: 30, run: autoCheckOut },
  { name: 'reservations from the PMS', everySeconds: 30, run: settleReservations },
  { name: 'power left on', everySeconds: 30, run: switchOffPowerLeftOn },
  { name: 'missing meters', everySeconds: 60, run: markMissingMeters },
  { name: 'unbilled usage', everySeconds: 300, run: flagUnbilledUsage },
  { name: 'quiet refused meters', everySeconds: 600, run: resolveQuietRefusals },
  { name: 'messages the broker dropped', everySeconds: 10, run: recordBrokerDrops },
  { name: 'notify of alerts', everySeconds: 10, run: notifyAlerts },
  { name: 'tell webhooks of resolved alerts', everySeconds: 10, run: tellResolvedAlerts },
  { name: 'alert digests', everySeconds: 60, run: sendDigests },
  // the detection rules (docs/alerts.md): hourly figures are read a few times an hour
  { name: 'leaks', everySeconds: 300, run: leakJob },
  { name: 'night flow', everySeconds: 300, run: nightFlowJob },
  { name: 'draw at vacant locations', everySeconds: 300, run: vacantDrawJob },
  { name: 'abnormal use', everySeconds: 900, run: abnormalUseJob },
  { name: 'old hourly usage', everySeconds: 3600, run: pruneHourlyJob },
  { name: 'readings walked again since the rule changed', everySeconds: 5, run: reclassifyQueuedMeters },
  { name: 'statements: revise what readings changed, freeze older stays', everySeconds: 5, run: settleStatements },
  { name: 'old sign-in failures', everySeconds: 3600, run: forgetOldFailures },
  { name: 'ended sessions', everySeconds: 3600, run: forgetEndedSessions },
  { name: 'old idempotency keys', everySeconds: 3600, run: forgetOldKeys },
];

export function startJobs(deps: Deps, log: FastifyBaseLogger): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      const p = job
        .run(actingAs(deps, { kind: 'job', name: job.name }, log))
        .then((n) => n && log.info({ job: job.name, count: n }, 'job done'))
        .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => running.delete(p));
      running.add(p);
    }, job.everySeconds * 1000),
  );
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  };
}
