import type { DeviceAck, DeviceCommand, DeviceHeartbeat, DeviceReading } from './gateway';

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
};

/** `turn`: which of the interval's TURNS the meter speaks in. */
type Running = SimulatedMeter & { countedTo: number; turn: number };

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
  acks: (acks: DeviceAck[]) => void;
  readings: (readings: DeviceReading[]) => void;
  heartbeats: (beats: DeviceHeartbeat[]) => void;
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
 * Average draw per hour of the local day: electric kWh for a 30 A pedestal in use,
 * peaking in the evening; water gallons in morning and evening bursts.
 */
const ELECTRIC_KWH_PER_HOUR = [
  0.5, 0.4, 0.4, 0.4, 0.4, 0.5, 0.9, 1.4, 1.3, 1.0, 0.9, 0.9, 1.0, 1.1, 1.2, 1.3, 1.6, 2.2, 2.8, 3.0, 2.7, 2.1, 1.4,
  0.8,
];
const WATER_GAL_PER_HOUR = [0, 0, 0, 0, 0, 2, 9, 14, 10, 5, 3, 3, 4, 3, 2, 2, 3, 6, 10, 12, 8, 4, 1, 0];

export function ratePerHour(unit: 'kWh' | 'gal', localHour: number): number {
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
        this.meters.set(m.deviceKey, { ...m, countedTo: Date.now(), turn: turnOf(m.deviceKey) });
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
        this.opts.acks([
          { messageId: cmd.messageId, deviceKey: cmd.deviceKey, resultCode: ok ? 0 : FAILURE_CODE, at: new Date() },
        ]);
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
   * Advances every meter that is on (of one turn, or all) by the time since it was last
   * counted, and reports them.
   */
  tick(turn?: number, now = new Date()): void {
    const readings: DeviceReading[] = [];
    for (const m of this.meters.values()) {
      if (!m.on || m.behaviour === 'silent' || (turn !== undefined && m.turn !== turn)) continue;
      const demoHours = ((now.getTime() - m.countedTo) / 3_600_000) * this.opts.speed;
      m.countedTo = now.getTime();
      const localHour = (now.getUTCHours() + m.utcOffsetHours + 24) % 24;
      m.milli += Math.round(ratePerHour(m.unit, Math.floor(localHour)) * demoHours * 1000);
      readings.push({ deviceKey: m.deviceKey, readAt: now, total: (m.milli / 1000).toFixed(3) });
    }
    if (readings.length) this.opts.readings(readings);
  }

  /** Every meter that still talks (of one turn, or all) says it is alive, on or off. */
  heartbeat(turn?: number, now = new Date()): void {
    const beats = [...this.meters.values()]
      .filter((m) => m.behaviour !== 'silent' && (turn === undefined || m.turn === turn))
      .map((m) => ({ deviceKey: m.deviceKey, at: now }));
    if (beats.length) this.opts.heartbeats(beats);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t); // clearTimeout clears intervals too
    this.timers.clear();
  }
}
