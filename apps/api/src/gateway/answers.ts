import type { Database } from '../db/client';
import { HUB_CHANNEL, type Announced } from '../hub/events';

/** The states (device_control_messages.state) that are a command's outcome, and those of them that are a failure. */
const FAILURES = new Set(['failed', 'timed_out']);
const OUTCOMES = new Set(['acked', ...FAILURES]);

type Waiter = { ids: Set<number>; states: Map<number, string>; wake: () => void; recheck: boolean };

/**
 * Requests waiting for devices' answers to their commands. The transaction that records an
 * answer (or a time-out) announces the commands it settled (`commandsSettled`), on whichever
 * instance the answer arrived; every instance hears it by LISTEN and wakes the requests that
 * wait for those commands. Nothing is polled: the database is read when the wait starts, when
 * the listener reconnected (announcements may have been lost) and once more at the deadline.
 */
export class CommandAnswers {
  private readonly waiters = new Set<Waiter>();
  private listening: Promise<unknown> | undefined;

  constructor(private readonly database: Database) {}

  /**
   * Waits until each command is answered or `ms` pass; true when all succeeded, false as soon
   * as one failed or timed out, or at the deadline. `read` answers the stored states.
   */
  async wait(
    messageIds: number[],
    ms: number,
    read: (ids: number[]) => Promise<Map<number, string>>,
  ): Promise<boolean> {
    if (!messageIds.length) return true;
    const deadline = Date.now() + ms;
    await this.listen();
    const waiter: Waiter = { ids: new Set(messageIds), states: new Map(), wake: () => undefined, recheck: true };
    this.waiters.add(waiter);
    try {
      for (;;) {
        const reading = waiter.recheck;
        if (reading) {
          waiter.recheck = false;
          record(waiter, await read(messageIds));
        }
        const outcome = decide(messageIds, waiter.states);
        if (outcome !== null) return outcome;
        const left = deadline - Date.now();
        if (left <= 0) {
          if (!reading) record(waiter, await read(messageIds));
          return decide(messageIds, waiter.states) ?? false;
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        await new Promise<void>((resolve) => {
          waiter.wake = resolve;
          timer = setTimeout(resolve, left);
        });
        clearTimeout(timer);
      }
    } finally {
      this.waiters.delete(waiter);
    }
  }

  private listen(): Promise<unknown> {
    return (this.listening ??= this.database
      .listen(
        HUB_CHANNEL,
        (payload) => this.heard(payload),
        () => this.resume(),
      )
      .catch((err: unknown) => {
        this.listening = undefined;
        throw err;
      }));
  }

  private heard(payload: string): void {
    if (!this.waiters.size || !payload.includes('"commandsSettled"')) return;
    const events = JSON.parse(payload) as Announced[];
    for (const e of events) {
      if (e.type !== 'commandsSettled') continue;
      for (const w of this.waiters) {
        const mine = e.commands.filter((c) => w.ids.has(c.messageId));
        if (!mine.length) continue;
        record(w, new Map(mine.map((c) => [c.messageId, c.state])));
        w.wake();
      }
    }
  }

  /** Announcements may have been lost while the listener was away: every waiter reads the database again. */
  private resume(): void {
    for (const w of this.waiters) {
      w.recheck = true;
      w.wake();
    }
  }
}

/** New states; an outcome is never replaced by an older state read meanwhile. */
function record(w: Waiter, states: Map<number, string>) {
  for (const [id, state] of states) if (!OUTCOMES.has(w.states.get(id) ?? '')) w.states.set(id, state);
}

/** true: all acknowledged; false: one failed or timed out; null: still waiting. */
function decide(ids: number[], states: Map<number, string>): boolean | null {
  if (ids.some((id) => FAILURES.has(states.get(id) ?? ''))) return false;
  return ids.every((id) => states.get(id) === 'acked') ? true : null;
}

const byDatabase = new WeakMap<Database, CommandAnswers>();

/** The waiting requests of this process on this database (one listener for all). */
export function commandAnswers(database: Database): CommandAnswers {
  let answers = byDatabase.get(database);
  if (!answers) {
    answers = new CommandAnswers(database);
    byDatabase.set(database, answers);
  }
  return answers;
}
