import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { announce } from '../hub/events';
import { commandAnswers } from './answers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The stored states, as a test sets them, and how often they were read. */
function store(states: Record<number, string>) {
  const reads: number[] = [];
  return {
    states,
    reads,
    read: async (ids: number[]) => {
      reads.push(Date.now());
      return new Map(ids.map((id) => [id, states[id] ?? 'sent']));
    },
  };
}

const settled = (commands: Array<{ messageId: number; state: string }>) =>
  announce(t.deps.db, [{ type: 'commandsSettled', commands }]);

describe('waiting for the devices to answer', () => {
  it('wakes when the answers are announced, from whichever instance recorded them, reading the database once', async () => {
    const s = store({});
    const waiting = commandAnswers(t.deps.database).wait([101, 102], 10_000, s.read);
    setTimeout(() => void settled([{ messageId: 101, state: 'acked' }]), 50);
    setTimeout(
      () =>
        void settled([
          { messageId: 102, state: 'acked' },
          { messageId: 999, state: 'failed' },
        ]),
      100,
    );
    expect(await waiting).toBe(true);
    expect(s.reads).toHaveLength(1);
  });

  it('ends at the first failure or time-out', async () => {
    const s = store({});
    const waiting = commandAnswers(t.deps.database).wait([201, 202], 10_000, s.read);
    setTimeout(() => void settled([{ messageId: 202, state: 'timed_out' }]), 50);
    expect(await waiting).toBe(false);
  });

  it('does not poll: without an announcement it reads once more at the deadline', async () => {
    const s = store({});
    const waiting = commandAnswers(t.deps.database).wait([301], 300, s.read);
    // stored without an announcement: seen only by the final read
    setTimeout(() => (s.states[301] = 'acked'), 50);
    expect(await waiting).toBe(true);
    expect(s.reads).toHaveLength(2);
  });

  it('reads again when the listener reconnected (announcements may have been lost)', async () => {
    const s = store({});
    const waiting = commandAnswers(t.deps.database).wait([401], 10_000, s.read);
    setTimeout(() => {
      s.states[401] = 'acked';
      t.listenerResumed();
    }, 50);
    expect(await waiting).toBe(true);
    expect(s.reads).toHaveLength(2);
  });

  it('answers at once when the commands were answered before the wait began, or there are none', async () => {
    const s = store({ 501: 'acked' });
    expect(await commandAnswers(t.deps.database).wait([501], 10_000, s.read)).toBe(true);
    expect(await commandAnswers(t.deps.database).wait([], 10_000, s.read)).toBe(true);
    expect(s.reads).toHaveLength(1);
  });
});
