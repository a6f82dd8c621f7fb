import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@portal/contract';
import { locations } from '../../db/schema';
import type { DeviceCommand } from '../../gateway/gateway';
import { buildBusiness, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { autoCheckOut } from '../stays';
import { switchOffPowerLeftOn } from './left-on';
import { inFlight } from './relays';
import { onePedestal, staffCalls, type RelayKind } from './relay-fixture';
import { expireCommands } from './service';

/**
 * Every interleaving of check-in, check-out, automatic check-out, Retry ON/OFF, Retry,
 * time-outs, the power-left-on job and the meter's answers for one relay, through the real
 * routes and jobs, against a reference model of the meter and of what the portal was asked.
 * The model meter answers the commands it was sent in any order, late (after their time-out),
 * with success or a failure, or never; it may also carry out its latest command and lose the
 * answer. It switches when it answers with success or carries a command out, and refuses only
 * to move to a state it is not in. After every step: the relay's confirmed state is the last
 * one a success reported, its desired state the last one the staff or a check-out asked for,
 * and a command on its way to it asks for the desired state (none on its way: the relay is in
 * it, or its last command failed or got no answer). Once every command is answered or timed
 * out and the jobs have run: the relay is in the desired state or shows why not; it is, when
 * every command got a success; and power is never on at a vacant location unless staff
 * switched it on, or an alert says so.
 */

type Op =
  | { kind: 'checkIn' | 'checkOut' | 'autoCheckOut' | 'retry' | 'timeOut' | 'jobs' | 'execute' }
  | { kind: 'panel'; state: 0 | 1 }
  | { kind: 'answer'; pick: number; code: 0 | 5 }
  | { kind: 'lose'; pick: number };
/** What the meter does with the commands still out at the end. */
type Finally = 'success' | 'failure' | 'silent';

const weighted = (op: Op, weight: number) => ({ arbitrary: fc.constant(op), weight });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  weighted({ kind: 'checkIn' }, 3),
  weighted({ kind: 'checkOut' }, 3),
  weighted({ kind: 'autoCheckOut' }, 1),
  weighted({ kind: 'panel', state: 0 }, 1),
  weighted({ kind: 'panel', state: 1 }, 1),
  weighted({ kind: 'retry' }, 1),
  weighted({ kind: 'timeOut' }, 2),
  weighted({ kind: 'jobs' }, 1),
  weighted({ kind: 'execute' }, 1),
  {
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      pick: fc.nat(3),
      code: fc.constantFrom<0 | 5>(0, 0, 5),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('lose' as const), pick: fc.nat(3) }), weight: 1 },
);

let t: TestApp;
let token = '';
let siteId = 0;

beforeAll(async () => {
  t = await createTestApp();
  siteId = (await buildSite(t.deps.db, (await buildBusiness(t.deps.db)).id)).id;
  token = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
});
afterAll(() => t.close());

async function play(kind: RelayKind, ops: Op[], end: Finally, reversed: boolean) {
  t.clock.set(new Date());
  const p = await onePedestal(t, siteId, kind);
  const staff = staffCalls(t, token, p);
  /** `confirmed`: the state the last success reported; `real`: the meter's. */
  const model = { checkedIn: false, desired: 0, confirmed: 0, real: 0 };
  /** Commands the meter has been sent and has neither answered nor dropped, oldest first. */
  let out: DeviceCommand[] = [];
  let seen = 0;
  const receive = () => {
    const all = staff.commands();
    out.push(...all.slice(seen));
    seen = all.length;
  };
  const answer = async (cmd: DeviceCommand, code: number) => {
    const done = code === 0 || model.real === cmd.requestedState;
    await t.gateway.answer(cmd.messageId, done ? 0 : code);
    if (done) model.real = model.confirmed = cmd.requestedState;
  };
  const expectStatus = (status: number, ok: boolean) => expect(ok ? [200, 410] : [409]).toContain(status);
  const timeOut = async () => {
    t.clock.advance(61_000);
    await expireCommands(t.job);
  };

  for (const op of ops) {
    switch (op.kind) {
      case 'checkIn':
        expectStatus((await staff.checkIn()).status, !model.checkedIn);
        if (!model.checkedIn) Object.assign(model, { checkedIn: true, desired: 1 });
        break;
      case 'checkOut':
        expectStatus((await staff.checkOut()).status, model.checkedIn);
        if (model.checkedIn) Object.assign(model, { checkedIn: false, desired: 0 });
        break;
      case 'autoCheckOut':
        if (!model.checkedIn) break;
        await t.deps.db
          .update(locations)
          .set({ autoCheckoutAt: new Date(t.deps.now().getTime() - 60_000) })
          .where(eq(locations.id, p.loc.id));
        expect(await autoCheckOut(t.job)).toBe(1);
        Object.assign(model, { checkedIn: false, desired: 0 });
        break;
      case 'panel':
        expect((await staff.panel(op.state)).status).toBe(200);
        model.desired = op.state;
        break;
      case 'retry':
        expectStatus((await staff.retry()).status, true);
        break;
      case 'timeOut':
        await timeOut();
        break;
      case 'jobs':
        await switchOffPowerLeftOn(t.job);
        break;
      case 'execute': {
        const latest = staff.commands().at(-1);
        if (!latest || !out.includes(latest)) break;
        out = out.filter((c) => c !== latest);
        model.real = latest.requestedState;
        break;
      }
      case 'answer':
      case 'lose': {
        if (!out.length) break;
        const [cmd] = out.splice(op.pick % out.length, 1);
        if (op.kind === 'answer') await answer(cmd!, op.code);
        break;
      }
    }
    receive();
    const relay = await staff.relay();
    expect(relay).toMatchObject({ status: model.confirmed, desiredState: model.desired });
    const current = await staff.current(relay.commandId);
    if (current && inFlight(current.state)) expect(current.requestedState).toBe(model.desired);
    else if (relay.status !== model.desired) expect(current?.state).toMatch(/^(failed|timed_out)$/);
  }

  // The end: the meter deals with what is still out, commands time out, the jobs run; until quiet.
  for (let round = 0; out.length || round === 0; round++) {
    expect(round).toBeLessThan(5);
    const batch = reversed ? out.reverse() : out;
    out = [];
    for (const cmd of batch) if (end !== 'silent') await answer(cmd, end === 'success' ? 0 : 5);
    await timeOut();
    await switchOffPowerLeftOn(t.job);
    receive();
  }

  const relay = await staff.relay();
  expect(relay).toMatchObject({ status: model.confirmed, desiredState: model.desired });
  if (relay.status !== relay.desiredState) expect(relay.apiCapabilityResponse).toMatch(/^Failed/);
  const everyCommandSucceeded =
    end === 'success' && ops.every((o) => !['lose', 'execute'].includes(o.kind) && (o.kind !== 'answer' || !o.code));
  if (everyCommandSucceeded) expect([relay.status, model.real]).toEqual([model.desired, model.desired]);
  const alerts = await staff.leftOnAlerts();
  expect(alerts.length).toBeLessThanOrEqual(1);
  if (alerts.length) {
    expect(model).toMatchObject({ checkedIn: false, desired: 0 });
    expect(relay.status === 0 && relay.apiCapabilityResponse === null).toBe(false);
  }
  if (!model.checkedIn && model.real === 1) expect(model.desired === 1 || alerts.length === 1).toBe(true);
}

describe.each<RelayKind>(['disconnect', 'relay'])('one relay of a %s meter', (kind) => {
  it('ends in the desired state, or shows why not, and never leaves power on at a vacant location unseen', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { maxLength: 16 }),
        fc.constantFrom<Finally>('success', 'failure', 'silent'),
        fc.boolean(),
        (ops, end, reversed) => play(kind, ops, end, reversed),
      ),
      { numRuns: 120 },
    );
  }, 120_000);
});
