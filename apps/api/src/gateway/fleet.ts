import type { DeviceCommand, DeviceMessage } from './gateway';

/** How a simulated meter behaves when commanded. */
export type Behaviour = 'answers' | 'fails' | 'silent';

export type SimulatedMeter = {
  deviceKey: string;
  unit: 'kWh' | 'gal';
  /** The cumulative total, in thousandths, to add without floating-point drift. */
  milli: number;
  on: boolean;
  behaviour: Behaviour;
  /** The offset of the site's time zone from UTC in hours, for the daily load curve. */
  utcOffsetHours: number;
  /**
   * A leak: water the meter counts, on or off, in gallons per demo hour (the demo's leaking
   * meter at a vacant location keeps running, so that the leak rule has something to find).
   */
  leakPerHour?: number;
};

/** `turn`: which of the interval's TURNS the meter speaks in; `reported`: readings sent so far. */
type Running = SimulatedMeter & { countedTo: number; turn: number; reported: number };

/**
 * Each interval is split into this many turns, and a meter reports in its own: a fleet of
 * thousands sends a steady trickle of small batches, as real meters spread over the
 * quarter hour do, instead of every reading in one burst.
 */
export const TURNS = 30;

export type FleetOptions = {
  /** Demo seconds that pass per real second, so usage visibly grows. */
  speed: number;
  /** Delay of an answer to a command, in ms, drawn between the two. */
  answerDelayMs: [number, number];
  /** What the meters say, as they would say it on MQTT: one call a tick, an answer or a heartbeat round. */
  send: (messages: DeviceMessage[]) => void;
};

/** The result code a failing simulated meter answers with. */
export const FAILURE_CODE = 5;

function hashOf(deviceKey: string): number {
  let h = 0;
  for (const c of deviceKey) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

/** The meter's turn: its key's hash, mixed (MurmurHash3's finaliser) so that similar keys spread evenly. */
function turnOf(deviceKey: string): number {
  let h = hashOf(deviceKey);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % TURNS;
}

/**
 * Which demo meters misbehave, by a stable hash of their device key: about one in
 * twenty-five fails every command and another never answers, so that every device
 * control message can be seen.
 */
export function behaviourOf(deviceKey: string): Behaviour {
  const bucket = hashOf(deviceKey) % 25;
  return bucket === 3 ? 'fails' : bucket === 7 ? 'silent' : 'answers';
}

/**
 * Demo meters that send a faulty reading now and then (one in twenty-five, by the same
 * hash): every third reading, the first included, is refused by the server for one reason
 * after another, so that refusals can be seen. Totals are cumulative, so the next good
 * reading still counts the usage in between.
 */
export function garblesReadings(deviceKey: string): boolean {
  return hashOf(deviceKey) % 25 === 11;
}

/** A faulty reading of each kind, in turn: malformed, outOfRange, badTimestamp, clockAhead. */
const GARBLED: Array<(total: string, at: Date) => object> = [
  (total, at) => ({ total: `${total} kWh`, at: at.toISOString() }),
  (_total, at) => ({ total: -1, at: at.toISOString() }),
  (total) => ({ total, at: 'yesterday' }),
  (total, at) => ({ total, at: new Date(at.getTime() + 3_600_000).toISOString() }),
];

/**
 * Average draw per hour of the local day: electric kWh for a 30 A pedestal in use,
 * peaking in the evening; water gallons in morning and evening bursts.
 */
const ELECTRIC_KWH_PER_HOUR = [
  0.5, 0.4, 0.4, 0.4, 0.4, 0.5, 0.9, 1.4, 1.3, 1.0, 0.9, 0.9, 1.0, 1.1, 1.2, 1.3, 1.6, 2.2, 2.8, 3.0, 2.7, 2.1, 1.4,
  0.8,
];
const WATER_GAL_PER_HOUR = [0, 0, 0, 0, 0, 2, 9, 14, 10, 5, 3, 3, 4, 3, 2, 2, 3, 6, 10, 12, 8, 4, 1, 0];

function ratePerHour(unit: 'kWh' | 'gal', localHour: number): number {
  return (unit === 'kWh' ? ELECTRIC_KWH_PER_HOUR : WATER_GAL_PER_HOUR)[localHour] ?? 0;
}

/** Meters that behave like devices: they report while on and answer commands after a delay. */
export class Fleet {
  private meters = new Map<string, Running>();
  private timers = new Set<NodeJS.Timeout>();

  constructor(private readonly opts: FleetOptions) {}

  get size(): number {
    return this.meters.size;
  }

  /** Adds meters the fleet does not know yet; known ones keep their running state. */
  add(meters: SimulatedMeter[]): void {
    for (const m of meters)
      if (!this.meters.has(m.deviceKey))
        this.meters.set(m.deviceKey, { ...m, countedTo: Date.now(), turn: turnOf(m.deviceKey), reported: 0 });
  }

  has(deviceKey: string): boolean {
    return this.meters.has(deviceKey);
  }

  command(cmd: DeviceCommand): void {
    const meter = this.meters.get(cmd.deviceKey);
    if (!meter || meter.behaviour === 'silent') return;
    const [min, max] = this.opts.answerDelayMs;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        const ok = meter.behaviour === 'answers';
        if (ok && !meter.on && cmd.requestedState === 1) meter.countedTo = Date.now();
        if (ok) meter.on = cmd.requestedState === 1;
        const answer = { messageId: cmd.messageId, resultCode: ok ? 0 : FAILURE_CODE, at: new Date().toISOString() };
        this.opts.send([{ kind: 'ack', deviceKey: cmd.deviceKey, payload: JSON.stringify(answer) }]);
      },
      min + Math.random() * (max - min),
    );
    this.timers.add(timer);
  }

  /**
   * Reports readings every `readingSeconds` and heartbeats every `heartbeatSeconds`, each
   * meter in its turn; `stop` ends it.
   */
  start(readingSeconds: number, heartbeatSeconds: number): void {
    const inTurns = (seconds: number, speak: (turn: number) => void) => {
      let turn = 0;
      const timer = setInterval(
        () => {
          speak(turn);
          turn = (turn + 1) % TURNS;
        },
        (seconds * 1000) / TURNS,
      );
      this.timers.add(timer.unref());
    };
    inTurns(readingSeconds, (turn) => this.tick(turn));
    inTurns(heartbeatSeconds, (turn) => this.heartbeat(turn));
  }

  /**
   * Advances every meter that is on or leaking (of one turn, or all) by the time since it was
   * last counted, and reports them.
   */
  tick(turn?: number, now = new Date()): void {
    const readings: DeviceMessage[] = [];
    for (const m of this.meters.values()) {
      const leak = m.leakPerHour ?? 0;
      if ((!m.on && !leak) || m.behaviour === 'silent' || (turn !== undefined && m.turn !== turn)) continue;
      const demoHours = ((now.getTime() - m.countedTo) / 3_600_000) * this.opts.speed;
      m.countedTo = now.getTime();
      const localHour = (now.getUTCHours() + m.utcOffsetHours + 24) % 24;
      const rate = (m.on ? ratePerHour(m.unit, Math.floor(localHour)) : 0) + leak;
      m.milli += Math.round(rate * demoHours * 1000);
      const total = (m.milli / 1000).toFixed(3);
      const garbled = garblesReadings(m.deviceKey) && m.reported % 3 === 0;
      const body = garbled ? GARBLED[(m.reported / 3) % GARBLED.length]!(total, now) : { total, at: now.toISOString() };
      m.reported += 1;
      readings.push({ kind: 'reading', deviceKey: m.deviceKey, payload: JSON.stringify(body) });
    }
    if (readings.length) this.opts.send(readings);
  }

  /** Every meter that still talks (of one turn, or all) says it is alive, on or off. */
  heartbeat(turn?: number, now = new Date()): void {
    const payload = JSON.stringify({ at: now.toISOString() });
    const beats = [...this.meters.values()]
      .filter((m) => m.behaviour !== 'silent' && (turn === undefined || m.turn === turn))
      .map((m): DeviceMessage => ({ kind: 'heartbeat', deviceKey: m.deviceKey, payload }));
    if (beats.length) this.opts.send(beats);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t); // clearTimeout clears intervals too
    this.timers.clear();
  }
}
