import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '@portal/contract';
import { buildBusiness, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { switchOffPowerLeftOn } from './left-on';
import { onePedestal, staffCalls } from './relay-fixture';
import { expireCommands } from './service';

/** Commands end in the state the portal wants: the reported case and its neighbours. */

let t: TestApp;
let token = '';
const sites = { here: 0, there: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const be = await buildBusiness(t.deps.db);
  sites.here = (await buildSite(t.deps.db, be.id)).id;
  sites.there = (await buildSite(t.deps.db, be.id)).id;
  token = await signIn(t, await buildUser(t.deps.db, { roleId: Role.Administrator }));
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(new Date()));

async function pedestal() {
  const p = await onePedestal(t, sites.here);
  return { ...p, staff: staffCalls(t, token, p) };
}

/** Lets every command out time out. */
async function timeOut() {
  t.clock.advance(61_000);
  await expireCommands(t.job);
}

/** Lets every command out time out, then runs the power-left-on job. */
async function timeOutAndWatch() {
  await timeOut();
  return switchOffPowerLeftOn(t.job);
}

describe('a check-out while the check-in’s ON is unanswered', () => {
  it('sends OFF though the relay is confirmed off; the late ON answered first leaves it off', async () => {
    const { staff } = await pedestal();
    expect((await staff.checkIn()).status).toBe(410);
    expect((await staff.checkOut()).status).toBe(410);
    const [on, off] = staff.commands();
    expect([on?.requestedState, off?.requestedState]).toEqual([1, 0]);

    await t.gateway.answer(on!.messageId, 0);
    expect(await staff.relay()).toMatchObject({ status: 1, desiredState: 0, apiCapabilityResponse: 'Pending' });
    await t.gateway.answer(off!.messageId, 0);
    expect(await staff.relay()).toMatchObject({ status: 0, desiredState: 0, apiCapabilityResponse: null });
    expect(staff.commands()).toHaveLength(2);
  });

  it('sends OFF again when the late ON answer comes after the OFF’s', async () => {
    const { staff } = await pedestal();
    await staff.checkIn();
    await staff.checkOut();
    const [on, off] = staff.commands();
    await t.gateway.answer(off!.messageId, 0);
    await t.gateway.answer(on!.messageId, 0);
    expect(await staff.relay()).toMatchObject({ status: 1, desiredState: 0, apiCapabilityResponse: 'Pending' });
    const again = staff.commands()[2];
    expect(again).toMatchObject({ requestedState: 0 });
    await t.gateway.answer(again!.messageId, 0);
    expect(await staff.relay()).toMatchObject({ status: 0, apiCapabilityResponse: null });
    expect(await timeOutAndWatch()).toBe(0);
  });

  it('changes nothing when the late ON answer is a failure', async () => {
    const { staff } = await pedestal();
    await staff.checkIn();
    await staff.checkOut();
    const [on, off] = staff.commands();
    await t.gateway.answer(off!.messageId, 0);
    await t.gateway.answer(on!.messageId, 7);
    expect(await staff.relay()).toMatchObject({ status: 0, apiCapabilityResponse: null });
    expect(staff.commands()).toHaveLength(2);
  });
});

describe('power left on at a vacant location', () => {
  it('raises one alert and sends OFF once when the check-out’s OFF gets no answer; resolved once confirmed off', async () => {
    const { staff } = await pedestal();
    await staff.checkIn();
    await t.gateway.answer(staff.commands()[0]!.messageId, 0);
    await staff.checkOut();
    expect(await switchOffPowerLeftOn(t.job)).toBe(0);

    expect(await timeOutAndWatch()).toBe(1);
    const [alert] = await staff.leftOnAlerts();
    expect(alert!.kind).toBe('powerLeftOn');
    const resent = staff.commands().slice(2);
    expect(resent.map((c) => c.requestedState)).toEqual([0]);

    expect(await timeOutAndWatch()).toBe(0);
    expect(staff.commands()).toHaveLength(3);
    expect(await staff.leftOnAlerts()).toHaveLength(1);

    await t.gateway.answer(resent[0]!.messageId, 0);
    await switchOffPowerLeftOn(t.job);
    expect(await staff.leftOnAlerts()).toEqual([]);
  });

  it('is raised when the meter never answered: its ON may have switched it on', async () => {
    const { staff } = await pedestal();
    await staff.checkIn();
    await timeOut();
    await staff.checkOut();
    expect(staff.commands().map((c) => c.requestedState)).toEqual([1, 0]);
    expect(await timeOutAndWatch()).toBe(1);
    expect(await staff.relay()).toMatchObject({ status: 0, apiCapabilityResponse: 'Pending' });
    await t.gateway.answer(staff.commands()[2]!.messageId, 0);
    await switchOffPowerLeftOn(t.job);
    expect(await staff.leftOnAlerts()).toEqual([]);
  });

  it('is resolved when a guest checks in', async () => {
    const { staff } = await pedestal();
    await staff.checkIn();
    await t.gateway.answer(staff.commands()[0]!.messageId, 0);
    await staff.checkOut();
    await t.gateway.answer(staff.commands()[1]!.messageId, 5);
    expect(await staff.relay()).toMatchObject({ status: 1, apiCapabilityResponse: 'Failed: result code 5' });
    expect(await switchOffPowerLeftOn(t.job)).toBe(1);
    await staff.checkIn();
    await switchOffPowerLeftOn(t.job);
    expect(await staff.leftOnAlerts()).toEqual([]);
  });

  it('is not raised for a relay a member of staff switched on', async () => {
    const { staff } = await pedestal();
    expect((await staff.panel(1)).status).toBe(200);
    await t.gateway.answer(staff.commands()[0]!.messageId, 0);
    expect(await staff.relay()).toMatchObject({ status: 1, desiredState: 1 });
    expect(await timeOutAndWatch()).toBe(0);
  });
});

describe('other decisions supersede a pending ON', () => {
  it('a Retry OFF in the device control panel', async () => {
    const { staff } = await pedestal();
    await staff.panel(1);
    await staff.panel(0);
    const [on, off] = staff.commands();
    expect(off).toMatchObject({ requestedState: 0 });
    await t.gateway.answer(off!.messageId, 0);
    await t.gateway.answer(on!.messageId, 0);
    expect(staff.commands()[2]).toMatchObject({ requestedState: 0 });
  });

  it('a move to another property', async () => {
    const p = await pedestal();
    await p.staff.panel(1);
    const moved = await t.call({
      method: 'PUT',
      url: '/api/MoveLocation',
      token,
      payload: { LocationID: p.loc.id, SiteId: sites.there },
    });
    expect(moved.status).toBe(200);
    expect(p.staff.commands().map((c) => c.requestedState)).toEqual([1, 0]);
    expect(await p.staff.relay()).toMatchObject({ desiredState: 0 });
  });
});

describe('Retry', () => {
  it('sends the wanted state again to a relay whose command got no answer, not the command itself', async () => {
    const { staff } = await pedestal();
    await staff.checkIn();
    await timeOut();
    await staff.checkOut();
    const off = staff.commands()[1];
    expect(off).toMatchObject({ requestedState: 0 });
    await timeOut();
    expect((await staff.retry()).status).toBe(410);
    expect(
      staff
        .commands()
        .slice(2)
        .map((c) => c.requestedState),
    ).toEqual([0]);
  });
});
