import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rows, type Queryable, type Tx } from '../../db/client';
import { deviceControlMessages, servicePoints } from '../../db/schema';
import type { Deps } from '../../deps';
import { commandAnswers } from '../../gateway/answers';
import { queueWebhookEvents } from '../../hub/webhook-events';
import { announce, meterValues, type Announced } from '../../hub/events';
import { auditAll } from '../../access/audit';
import { notFound } from '../../lib/errors';
import { commandAlerts } from './command-alerts';
import { networked, relaysNow, relayValuesOf } from './queries';
import { commandsFor, planOf, type ControlRequest, type SendMode } from './relays';
import { personOf, type Actor, type Context } from '../../access/actor';

/** The text a capability shows while a command is out; the check-in form skips such relays. */
const PENDING_RESPONSE = 'Pending';
const failedResponse = (resultCode: number | null) =>
  resultCode === null ? 'Failed: no response' : `Failed: result code ${resultCode}`;

/** A command for a meter and hands it to the gateway; answers its message id (see `sendControls`). */
export async function sendControl(ctx: Context, c: ControlRequest): Promise<number> {
  return (await sendControls(ctx, [c]))[0]!;
}

type Fresh = {
  id: number;
  servicePointId: number;
  capabilityId: number | null;
  requestedState: number;
  deviceKey: string;
};
/** A message id for each request (null: nothing to wait for), and the commands to hand over. */
export type Queued = { ids: Array<number | null>; fresh: Fresh[] };

const commandKey = (servicePointId: number, requestedState: number, capabilityId: number | null) =>
  `${servicePointId}:${requestedState}:${capabilityId ?? ''}`;
const pgArray = (values: Array<number | null>) => `{${values.map((v) => v ?? 'NULL').join(',')}}`;

/**
 * Records, inside the caller's transaction, the state the portal wants of relays and the
 * commands that bring them there (see `planOf`): each new command becomes its relays' current
 * command, so an earlier one still out is superseded. A fixed number of statements however
 * many meters. The caller checks the meters are in scope, and hands `fresh` to the gateway
 * once the transaction has committed (`handOver`).
 */
export async function queueControls(
  tx: Tx,
  actor: Actor,
  list: ControlRequest[],
  mode: SendMode,
  now: Date,
): Promise<Queued> {
  if (!list.length) return { ids: [], fresh: [] };
  const meterIds = [...new Set(list.map((c) => c.servicePointId))];
  const meters = await tx
    .select({ id: servicePoints.id, deviceKey: servicePoints.deviceKey })
    .from(servicePoints)
    .where(inArray(servicePoints.id, meterIds))
    .orderBy(servicePoints.id)
    .for('update');
  if (meters.length !== meterIds.length) throw notFound('meter');
  const deviceKeys = new Map(meters.map((m) => [m.id, m.deviceKey]));
  const relays = await relaysNow(tx, meterIds);

  const plans = new Map<string, { c: Required<ControlRequest>; plan: ReturnType<typeof planOf> }>();
  const desired = new Map<number, { state: 0 | 1; key: string }>();
  for (const c of list) {
    const capabilityId = c.capabilityId ?? null;
    const key = commandKey(c.servicePointId, c.requestedState, capabilityId);
    const targets = relays.filter(
      (r) => r.service_point_id === c.servicePointId && (capabilityId === null || r.capability_id === capabilityId),
    );
    if (!plans.has(key)) plans.set(key, { c: { ...c, capabilityId }, plan: planOf(targets, c.requestedState, mode) });
    for (const r of targets) desired.set(r.id, { state: c.requestedState, key });
  }
  const toSend = [...plans.values()].filter((p) => p.plan === 'send').map((p) => p.c);
  const inserted = toSend.length
    ? await tx
        .insert(deviceControlMessages)
        .values(
          toSend.map((c) => ({
            servicePointId: c.servicePointId,
            capabilityId: c.capabilityId,
            requestedState: c.requestedState,
            requestedByUserId: personOf(actor),
            createdAt: now,
          })),
        )
        .returning()
    : [];
  const idOf = new Map(inserted.map((m) => [commandKey(m.servicePointId, m.requestedState, m.capabilityId), m.id]));
  if (desired.size) {
    const relayIds = [...desired.keys()];
    const wanted = [...desired.values()];
    await tx.execute(sql`
      update service_point_capabilities spc
      set desired_state = x.state, command_id = coalesce(x.command_id, spc.command_id),
        api_capability_response =
          case when x.command_id is null then spc.api_capability_response else ${PENDING_RESPONSE} end,
        updated_at = case when x.command_id is null then spc.updated_at else ${now} end
      from unnest(${pgArray(relayIds)}::int[], ${pgArray(wanted.map((d) => d.state))}::smallint[],
                  ${pgArray(wanted.map((d) => idOf.get(d.key) ?? null))}::bigint[]) as x(id, state, command_id)
      where spc.id = x.id`);
  }
  await auditAll(
    tx,
    actor,
    inserted.map((m) => ({
      action: 'deviceControl',
      entityType: 'servicePoint',
      entityId: m.servicePointId,
      after: { requestedState: m.requestedState, capabilityId: m.capabilityId, messageId: m.id },
    })),
  );
  await announceRelays(tx, [...new Set(inserted.map((m) => m.servicePointId))], now);
  const ids = list.map((c) => {
    const key = commandKey(c.servicePointId, c.requestedState, c.capabilityId ?? null);
    const { plan } = plans.get(key)!;
    return typeof plan === 'object' ? plan.reuse : (idOf.get(key) ?? null);
  });
  return { ids, fresh: inserted.map((m) => ({ ...m, deviceKey: deviceKeys.get(m.servicePointId)! })) };
}

/**
 * Tells of the relays and latest command of these meters: live values to the screens (one event
 * a property, with `also`), and `relay.changed` to the webhooks that listen (the command's
 * wanted state, each relay's reported one).
 */
async function announceRelays(q: Queryable, meterIds: number[], now: Date, also: Announced[] = []): Promise<void> {
  const found = meterIds.length ? await relayValuesOf(q, meterIds) : [];
  await announce(q, [
    ...meterValues(
      found.map((m) => ({
        siteId: m.site_id,
        servicePointID: m.id,
        locationID: m.location_id,
        deviceControlRequestedState: m.requested_state,
        resultCode: m.result_code,
        relays: m.relays,
      })),
      now,
    ),
    ...also,
  ]);
  await queueWebhookEvents(
    q,
    found.map((m) => ({
      siteId: m.site_id,
      type: 'relay.changed',
      data: {
        servicePointID: m.id,
        locationID: m.location_id,
        siteID: m.site_id,
        desiredState: m.requested_state,
        resultCode: m.result_code,
        relays: m.relays.map((r) => ({
          servicePointCapabilityID: r.servicePointCapabilityID,
          reportedState: r.status,
          response: r.apiCapabilityResponse,
        })),
      },
    })),
    now,
  );
}

/**
 * Hands queued commands to the gateway after their transaction committed; answers the ids. A
 * command is claimed (queued → sent) before it goes, so the request and the outbox job
 * (`sendLeftQueued`) never both send it.
 */
export async function handOver(ctx: Context, queued: Queued): Promise<Array<number | null>> {
  await transmit(ctx, queued.fresh);
  return queued.ids;
}

async function transmit(ctx: Context, fresh: Fresh[]): Promise<number> {
  if (!fresh.length) return 0;
  const claimed = await ctx.db
    .update(deviceControlMessages)
    .set({ state: 'sent', sentAt: ctx.now() })
    .where(
      and(
        inArray(
          deviceControlMessages.id,
          fresh.map((m) => m.id),
        ),
        eq(deviceControlMessages.state, 'queued'),
      ),
    )
    .returning({ id: deviceControlMessages.id });
  const mine = new Set(claimed.map((c) => c.id));
  const refused: Settlement[] = [];
  for (const m of fresh.filter((f) => mine.has(f.id))) {
    try {
      await ctx.devices.send({
        messageId: m.id,
        deviceKey: m.deviceKey,
        capabilityId: m.capabilityId,
        requestedState: m.requestedState as 0 | 1,
      });
    } catch (err) {
      ctx.log.error({ err, messageId: m.id }, 'the device gateway refused a command');
      refused.push({ messageId: m.id, deviceKey: m.deviceKey, resultCode: null, at: ctx.now() });
    }
  }
  await settle(ctx, refused);
  return mine.size;
}

/** Commands a request queued but did not hand over (it ended between commit and hand-over) wait this long. */
const LEFT_QUEUED_SECONDS = 5;

/** The outbox of device commands (a job): sends what committed but was never handed over. */
export async function sendLeftQueued(ctx: Context): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - LEFT_QUEUED_SECONDS * 1000);
  const left = await ctx.db
    .select({
      id: deviceControlMessages.id,
      servicePointId: deviceControlMessages.servicePointId,
      capabilityId: deviceControlMessages.capabilityId,
      requestedState: deviceControlMessages.requestedState,
      deviceKey: servicePoints.deviceKey,
    })
    .from(deviceControlMessages)
    .innerJoin(servicePoints, eq(servicePoints.id, deviceControlMessages.servicePointId))
    .where(and(eq(deviceControlMessages.state, 'queued'), sql`${deviceControlMessages.createdAt} < ${cutoff}`))
    .orderBy(deviceControlMessages.id)
    .limit(500);
  return transmit(ctx, networked(left));
}

/** `queueControls` in a transaction of its own, then `handOver`. */
export async function sendControls(
  ctx: Context,
  list: ControlRequest[],
  mode: SendMode = 'always',
): Promise<Array<number | null>> {
  const queued = await ctx.db.transaction((tx) => queueControls(tx, ctx.actor, list, mode, ctx.now()));
  return handOver(ctx, queued);
}

export type Settlement = { messageId: number; deviceKey: string; resultCode: number | null; at: Date };

type Settled = {
  service_point_id: number;
  capability_id: number | null;
  capability_type: number | null;
  desired_state: number | null;
  resend: boolean;
  /** Every command this settlement closed, with its new state (the same on each row). */
  commands: Array<{ messageId: number; state: string }> | null;
};

/**
 * Records the devices' answers (or none: `resultCode` null = timed out), late ones too. A
 * success tells the relay's real state: it takes the requested state, whichever command it
 * answers (of answers in one batch, the later command's). Only the answer to a relay's current
 * command ends its wait (Pending, or why it failed). When a success leaves a relay otherwise
 * than the portal wants and no command is on its way to it (a superseded ON answered late),
 * the wanted state is sent again.
 */
export async function settle(ctx: Context, answers: Settlement[]): Promise<void> {
  if (!answers.length) return;
  const rowsIn = answers.map((a) => ({
    message_id: a.messageId,
    device_key: a.deviceKey,
    state: a.resultCode === null ? 'timed_out' : a.resultCode === 0 ? 'acked' : 'failed',
    result_code: a.resultCode,
    at: a.at,
    response: a.resultCode === 0 ? null : failedResponse(a.resultCode),
  }));
  const settled = await ctx.db.transaction(async (tx) => {
    const found = await rows<Settled>(
      tx,
      sql`
      with a as (
        select * from json_to_recordset(${JSON.stringify(rowsIn)}::json)
          as a(message_id bigint, device_key text, state text, result_code int, at timestamptz, response text)
      ), closed as (
        update device_control_messages m
        set state = a.state, result_code = a.result_code,
          response_received_at = case when a.result_code is null then null else a.at end
        from a
        where m.id = a.message_id
          and (m.state in ('queued', 'sent') or (m.state = 'timed_out' and a.result_code is not null))
          and m.service_point_id = (select sp.id from service_points sp where sp.device_key = a.device_key)
        returning m.id, m.service_point_id, m.capability_id, m.requested_state, a.state, a.result_code, a.at, a.response
      ), hits as (
        select spc.id as relay_id, c.id, c.requested_state, c.result_code, c.at, c.response,
          spc.command_id = c.id as decides
        from closed c
        join service_point_capabilities spc on spc.service_point_id = c.service_point_id
          and (c.capability_id is null or spc.capability_id = c.capability_id)
      ), changes as (
        select relay_id, max(at) as at, bool_or(decides) as decided,
          (array_agg(requested_state order by id desc) filter (where result_code = 0))[1] as confirmed,
          (array_agg(response) filter (where decides))[1] as response
        from hits group by relay_id
      ), relays as (
        update service_point_capabilities spc
        set status = coalesce(x.confirmed, spc.status),
          api_capability_response = case when x.decided then x.response else spc.api_capability_response end,
          updated_at = x.at
        from changes x
        where spc.id = x.relay_id and (x.confirmed is not null or x.decided)
        returning spc.id, spc.service_point_id, spc.capability_id, spc.status, spc.desired_state, spc.command_id,
          x.confirmed is not null as confirmed
      )
      select c.service_point_id, r.capability_id, cap.capability_type, r.desired_state,
        (select json_agg(json_build_object('messageId', id, 'state', state)) from closed) as commands,
        coalesce(r.confirmed and r.status <> r.desired_state and not exists (
          select 1 from device_control_messages m
          where m.id = r.command_id and m.state in ('queued', 'sent')
            and m.id not in (select id from closed)), false) as resend
      from (select distinct service_point_id from closed) c
      left join relays r on r.service_point_id = c.service_point_id
      left join capabilities cap on cap.id = r.capability_id`,
    );
    await commandAlerts(tx, found[0]?.commands?.map((c) => c.messageId) ?? [], ctx.now());
    const meterIds = [...new Set(found.map((c) => c.service_point_id))];
    // the requests waiting for these commands learn their outcome (gateway/answers.ts)
    await announceRelays(
      tx,
      meterIds,
      ctx.now(),
      found[0]?.commands ? [{ type: 'commandsSettled' as const, commands: found[0].commands }] : [],
    );
    return found;
  });
  const astray = settled.filter((r) => r.resend);
  if (astray.length)
    await sendControls(
      ctx,
      commandsFor(astray, (r) => (r.desired_state === 1 ? 1 : 0)),
      'ifNeeded',
    );
}

/** Commands without an answer after the configured time become timed out. */
export async function expireCommands(ctx: Context): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - ctx.config.devices.commandTimeoutSeconds * 1000);
  const stale = await ctx.db
    .select({ id: deviceControlMessages.id, deviceKey: servicePoints.deviceKey })
    .from(deviceControlMessages)
    .innerJoin(servicePoints, eq(servicePoints.id, deviceControlMessages.servicePointId))
    .where(
      and(
        inArray(deviceControlMessages.state, ['queued', 'sent']),
        sql`${deviceControlMessages.createdAt} < ${cutoff}`,
      ),
    )
    .limit(1000);
  await settle(
    ctx,
    networked(stale).map((s) => ({ messageId: s.id, deviceKey: s.deviceKey, resultCode: null, at: ctx.now() })),
  );
  return stale.length;
}

export type MessageView = {
  messageId: number;
  servicePointId: number;
  requestedState: number;
  resultCode: number | null;
  responseReceivedDate: string | null;
  state: string;
};

/** A meter's command by id, or its latest with id 0. */
export async function controlMessage(
  q: Queryable,
  servicePointId: number,
  messageId: number,
): Promise<MessageView | null> {
  const [m] = await q
    .select()
    .from(deviceControlMessages)
    .where(
      messageId === 0
        ? eq(deviceControlMessages.servicePointId, servicePointId)
        : and(eq(deviceControlMessages.servicePointId, servicePointId), eq(deviceControlMessages.id, messageId)),
    )
    .orderBy(desc(deviceControlMessages.id))
    .limit(1);
  if (!m) return null;
  return {
    messageId: m.id,
    servicePointId: m.servicePointId,
    requestedState: m.requestedState,
    resultCode: m.resultCode,
    responseReceivedDate: m.responseReceivedAt?.toISOString() ?? null,
    state: m.state,
  };
}

/**
 * Waits until the given commands are answered or `ms` pass; true when all succeeded.
 * Check-in and check-out answer 410 (saved, device operation pending) otherwise. Woken by the
 * announcement of the answers, from any instance (gateway/answers.ts), not by polling.
 */
export async function awaitConfirmation(deps: Deps, messageIds: number[], ms: number): Promise<boolean> {
  return commandAnswers(deps.database).wait(messageIds, ms, async (ids) => {
    const found = await deps.db
      .select({ id: deviceControlMessages.id, state: deviceControlMessages.state })
      .from(deviceControlMessages)
      .where(inArray(deviceControlMessages.id, ids));
    return new Map(found.map((m) => [m.id, m.state]));
  });
}
