/**
 * Scenario 7, run as its own process so the load does not share the measuring process's
 * event loop: simulated users, each with its own client address, sign in and then play the
 * scenarios by weight with a think time between, until the time is up. Prints one JSON
 * line: the latency of every play by scenario, and the errors.
 *
 *   node --import tsx bench/load.ts '<LoadSettings as JSON>'
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRandom } from '../apps/api/src/db/seed/demo-random';
import { Client, loopbackAddress } from './http';
import { bareCall, portalCall, scenarios, type BenchContext } from './scenarios';

export type LoadSettings = {
  base: string;
  users: number;
  seconds: number;
  thinkMs: [number, number];
  context: BenchContext;
  /** Play against the bare server instead (its answers are the portal's, captured). */
  bare: boolean;
  /** The first client address to use; the ones below belong to the measuring process. */
  firstAddress: number;
};

export type LoadResult = {
  plays: Record<string, number[]>;
  errors: Record<string, number>;
  errorSamples: string[];
  seconds: number;
};

const settings = JSON.parse(process.argv[2]!) as LoadSettings;
const signIn = scenarios.find((s) => s.id === '1')!;
const totalWeight = scenarios.reduce((sum, s) => sum + s.weight, 0);
const result: LoadResult = { plays: {}, errors: {}, errorSamples: [], seconds: settings.seconds };

async function user(n: number, until: number): Promise<void> {
  const rng = createRandom(n + 1);
  const client = new Client(new URL(settings.base), loopbackAddress(settings.firstAddress + n));
  // Users arrive over the first ten seconds (a sixth of a short run) rather than in one
  // instant: each sign-in costs an argon2 verification, about 20 ms of a core.
  await sleep(rng.next() * Math.min(10_000, (settings.seconds * 1000) / 6));
  let scenario = signIn;
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const call = settings.bare ? bareCall(client, scenario.id) : portalCall(client);
      await scenario.play(call, settings.context, n);
      (result.plays[scenario.id] ??= []).push(performance.now() - started);
    } catch (error) {
      result.errors[scenario.id] = (result.errors[scenario.id] ?? 0) + 1;
      if (result.errorSamples.length < 10) result.errorSamples.push(String(error).slice(0, 300));
    }
    await sleep(settings.thinkMs[0] + rng.next() * (settings.thinkMs[1] - settings.thinkMs[0]));
    scenario = byWeight(rng.next() * totalWeight);
  }
  client.close();
}

function byWeight(point: number) {
  for (const s of scenarios) {
    if (point < s.weight) return s;
    point -= s.weight;
  }
  return scenarios.at(-1)!;
}

const until = performance.now() + settings.seconds * 1000;
await Promise.all(Array.from({ length: settings.users }, (_, n) => user(n, until)));
process.stdout.write(`${JSON.stringify(result)}\n`);
