import type { FastifyBaseLogger } from 'fastify';
import type { DeviceEvents, DeviceRefusal } from './gateway';
import type { Inbound } from './inbound';

export type InboxOptions = {
  events: DeviceEvents;
  log: FastifyBaseLogger;
  /** The longest a reading or heartbeat waits to be stored: one batch (and one hub event a property) a window. */
  windowMs: number;
  /** Stores at once when this many messages wait. */
  maxBatch: number;
  /** The pause before storing again after the database failed. */
  retryMs: number;
  /** Every message of a stored batch that was refused, at the edge or by the server. */
  refused?: (refusals: DeviceRefusal[]) => void;
};

type Waiting = { inbound: Inbound; stored: () => void };

/**
 * Checked device messages on their way to the database. Readings, heartbeats, statuses and
 * refusals wait up to a window and are stored as one batch; an acknowledgement of a command is
 * stored at once, with whatever waits. Each message's `stored` runs, in the order the
 * messages came, only after its batch is stored (the MQTT gateway acknowledges it to the
 * broker then). When the database fails, the batch waits and is stored again later.
 */
export class Inbox {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;
  private failing = false;
  private closed = false;

  constructor(private readonly opts: InboxOptions) {}

  /** Takes a message; false once the inbox is closed (the message is neither stored nor acknowledged). */
  take(inbound: Inbound, stored: () => void = () => {}): boolean {
    if (this.closed) return false;
    this.waiting.push({ inbound, stored });
    // While the database fails, the retry timer decides when to try again.
    if (!this.running && !this.failing) this.plan(inbound.kind === 'ack');
    return true;
  }

  /**
   * Takes nothing more and stores what waits, trying again while the database fails, until
   * `deadlineMs` have passed; answers how many messages were left unstored.
   */
  async drain(deadlineMs: number): Promise<number> {
    this.closed = true;
    clearTimeout(this.timer);
    const deadline = Date.now() + deadlineMs;
    await this.running;
    while (this.waiting.length && Date.now() < deadline) {
      if (!(await this.flush())) await new Promise((r) => setTimeout(r, this.opts.retryMs));
    }
    return this.waiting.length;
  }

  /** At once for an acknowledgement or a full batch, else at the end of the window already open. */
  private plan(ackWaits: boolean): void {
    const urgent = ackWaits || this.waiting.length >= this.opts.maxBatch;
    if (urgent) clearTimeout(this.timer);
    else if (this.timer) return;
    this.after(urgent ? 0 : this.opts.windowMs);
  }

  private after(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().then((ok) => {
        if (this.closed || !this.waiting.length) return;
        if (ok) this.plan(this.waiting.some((w) => w.inbound.kind === 'ack'));
        else this.after(this.opts.retryMs);
      });
    }, delayMs).unref();
  }

  /** Stores the waiting messages (up to one batch); true when they were stored or there were none. */
  private flush(): Promise<boolean> {
    const batch = this.waiting.splice(0, this.opts.maxBatch);
    if (!batch.length) return Promise.resolve(true);
    this.running = this.store(batch).then(
      (refusals) => {
        if (this.failing) this.opts.log.info('device messages are stored again');
        this.failing = false;
        for (const w of batch) w.stored();
        if (refusals.length) this.opts.refused?.(refusals);
        return true;
      },
      (err: unknown) => {
        if (!this.failing) this.opts.log.error({ err }, 'storing device messages failed; trying again');
        this.failing = true;
        this.waiting.unshift(...batch);
        return false;
      },
    );
    return this.running.finally(() => (this.running = undefined));
  }

  /**
   * Statuses come after readings and heartbeats, so that a meter's loss of its connection is
   * not undone by what it said before it. Refusals go last: they are the only part that is not
   * idempotent, and a retry repeats the batch. Answers every refusal of the batch.
   */
  private async store(batch: Waiting[]): Promise<DeviceRefusal[]> {
    const { events } = this.opts;
    const of = <K extends Inbound['kind']>(kind: K) =>
      batch.map((w) => w.inbound).filter((i): i is Extract<Inbound, { kind: K }> => i.kind === kind);
    const acks = of('ack').map((i) => i.ack);
    const readings = of('reading').map((i) => i.reading);
    const beats = of('heartbeat').map((i) => i.beat);
    const statuses = of('status').map((i) => i.status);
    const refusals = of('refusal').map((i) => i.refusal);
    if (acks.length) await events.acks(acks);
    if (readings.length) refusals.push(...(await events.readings(readings)));
    if (beats.length) refusals.push(...(await events.heartbeats(beats)));
    if (statuses.length) refusals.push(...(await events.statuses(statuses)));
    if (refusals.length) await events.refusals(refusals);
    return refusals;
  }
}
