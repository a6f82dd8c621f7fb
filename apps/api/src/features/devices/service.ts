import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { deviceControlMessages, servicePoints } from '../../db/schema';
import type { Deps } from '../../deps';
import { announce } from '../../hub/events';
import { auditAll } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { locationEventsOfMeters } from '../../hub/queries';

export type ControlRequest = { servicePointId: number; requestedState: 0 | 1; capabilityId?: number | null };

/** The text a capability shows while a command is out; the check-in form skips such relays. */
export const PENDING_RESPONSE = 'Pending';
export const failedResponse = (resultCode: number | null) =>
  resultCode === null ? 'Failed: no response' : `Failed: result code ${resultCode}`;

/** A command for a meter and hands it to the gateway; answers its message id (see `sendControls`). */
export async function sendControl(deps: Deps, req: FastifyRequest | null, c: ControlRequest): Promise<number> {
  return (await sendControls(deps, req, [c]))[0]!;
}

const commandKey = (servicePointId: number, requestedState: number, capabilityId: number | null) =>
  `${servicePointId}:${requestedState}:${capabilityId ?? ''}`;

/**
 * Records commands for meters and hands them to the gateway; answers their message ids in
 * order. A command with the same state already waiting for its meter (or earlier in the
 * list) is not sent twice: that one's id is answered. One transaction and a fixed number of
 * statements however many meters. The caller checks the meters are in scope.
 */
export async function sendControls(deps: Deps, req: FastifyRequest | null, list: ControlRequest[]): Promise<number[]> {
  if (!list.length) return [];
  const meterIds = [...new Set(list.map((c) => c.servicePointId))];
  const { idOf, fresh } = await deps.db.transaction(async (tx) => {
    const meters = await tx
      .select({ id: servicePoints.id, deviceKey: servicePoints.deviceKey })
      .from(servicePoints)
      .where(inArray(servicePoints.id, meterIds))
      .orderBy(servicePoints.id)
      .for('update');
    if (meters.length !== meterIds.length) throw notFound('meter');
    const deviceKeys = new Map(meters.map((m) => [m.id, m.deviceKey]));
    const waiting = await tx
      .select({
        id: deviceControlMessages.id,
        servicePointId: deviceControlMessages.servicePointId,
        requestedState: deviceControlMessages.requestedState,
        capabilityId: deviceControlMessages.capabilityId,
      })
      .from(deviceControlMessages)
      .where(
        and(
          inArray(deviceControlMessages.servicePointId, meterIds),
          inArray(deviceControlMessages.state, ['queued', 'sent']),
        ),
      );
    const idOf = new Map(waiting.map((w) => [commandKey(w.servicePointId, w.requestedState, w.capabilityId), w.id]));
    const wanted = new Map<string, Required<ControlRequest>>();
    for (const c of list) {
      const capabilityId = c.capabilityId ?? null;
      const key = commandKey(c.servicePointId, c.requestedState, capabilityId);
      if (!idOf.has(key)) wanted.set(key, { ...c, capabilityId });
    }
    if (!wanted.size) return { idOf, fresh: [] };
    const now = deps.now();
    const inserted = await tx
      .insert(deviceControlMessages)
      .values(
        [...wanted.values()].map((c) => ({
          servicePointId: c.servicePointId,
          capabilityId: c.capabilityId,
          requestedState: c.requestedState,
          requestedByUserId: req?.principal?.userAccountId ?? null,
          createdAt: now,
        })),
      )
      .returning();
    for (const m of inserted) idOf.set(commandKey(m.servicePointId, m.requestedState, m.capabilityId), m.id);
    // A command for the whole meter (no capability) marks every relay of it.
    await tx.execute(sql`
      update service_point_capabilities spc set api_capability_response = ${PENDING_RESPONSE}, updated_at = ${now}
      from unnest(${`{${inserted.map((m) => m.servicePointId).join(',')}}`}::int[],
                  ${`{${inserted.map((m) => m.capabilityId ?? 'NULL').join(',')}}`}::int[]) as c(sp, cap)
      where spc.service_point_id = c.sp and (c.cap is null or spc.capability_id = c.cap)`);
    await auditAll(
      tx,
      req,
      inserted.map((m) => ({
        action: 'deviceControl',
        entityType: 'servicePoint',
        entityId: m.servicePointId,
        after: { requestedState: m.requestedState, capabilityId: m.capabilityId, messageId: m.id },
      })),
    );
    const changed = [...new Set(inserted.map((m) => m.servicePointId))];
    await announce(tx, await locationEventsOfMeters(tx, changed, now));
    return { idOf, fresh: inserted.map((m) => ({ ...m, deviceKey: deviceKeys.get(m.servicePointId)! })) };
  });

  const sent: number[] = [];
  const refused: Settlement[] = [];
  for (const m of fresh) {
    try {
      await deps.devices.send({
        messageId: m.id,
        deviceKey: m.deviceKey,
        capabilityId: m.capabilityId,
        requestedState: m.requestedState as 0 | 1,
      });
      sent.push(m.id);
    } catch (err) {
      req?.log.error({ err, messageId: m.id }, 'the device gateway refused a command');
      refused.push({ messageId: m.id, deviceKey: m.deviceKey, resultCode: null, at: deps.now() });
    }
  }
  if (sent.length)
    await deps.db
      .update(deviceControlMessages)
      .set({ state: 'sent', sentAt: deps.now() })
      .where(and(inArray(deviceControlMessages.id, sent), eq(deviceControlMessages.state, 'queued')));
  await settle(deps, refused);
  return list.map((c) => idOf.get(commandKey(c.servicePointId, c.requestedState, c.capabilityId ?? null))!);
}

export type Settlement = { messageId: number; deviceKey: string; resultCode: number | null; at: Date };

/**
 * Closes commands with the device's answer (or none: `resultCode` null = timed out). On
 * success the relays take the requested state; otherwise they keep theirs and show why.
 */
export async function settle(deps: Deps, answers: Settlement[]): Promise<void> {
  if (!answers.length) return;
  const rowsIn = answers.map((a) => ({
    message_id: a.messageId,
    device_key: a.deviceKey,
    state: a.resultCode === null ? 'timed_out' : a.resultCode === 0 ? 'acked' : 'failed',
    result_code: a.resultCode,
    at: a.at,
    response: a.resultCode === 0 ? null : failedResponse(a.resultCode),
  }));
  await deps.db.transaction(async (tx) => {
    // One statement for the batch. When it answers two commands for the same relays, the
    // later command decides, as it would answered one after the other.
    const closed = await rows<{ service_point_id: number }>(
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
        where m.id = a.message_id and m.state in ('queued', 'sent')
          and m.service_point_id = (select sp.id from service_points sp where sp.device_key = a.device_key)
        returning m.id, m.service_point_id, m.capability_id, m.requested_state, a.result_code, a.at, a.response
      ), latest as (
        select distinct on (spc.id) spc.id, c.result_code, c.requested_state, c.at, c.response
        from closed c
        join service_point_capabilities spc on spc.service_point_id = c.service_point_id
          and (c.capability_id is null or spc.capability_id = c.capability_id)
        order by spc.id, c.id desc
      ), relays as (
        update service_point_capabilities spc
        set status = case when l.result_code = 0 then l.requested_state else spc.status end,
          api_capability_response = l.response, updated_at = l.at
        from latest l
        where spc.id = l.id
      )
      select distinct service_point_id from closed`,
    );
    const meterIds = closed.map((c) => c.service_point_id);
    await announce(tx, await locationEventsOfMeters(tx, meterIds, deps.now()));
  });
}

/** Commands without an answer after the configured time become timed out. */
export async function expireCommands(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - deps.config.devices.commandTimeoutSeconds * 1000);
  const stale = await deps.db
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
    deps,
    stale.map((s) => ({ messageId: s.id, deviceKey: s.deviceKey, resultCode: null, at: deps.now() })),
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
 * Check-in and check-out answer 410 (saved, device operation pending) otherwise.
 */
export async function awaitConfirmation(deps: Deps, messageIds: number[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  // Meters on a broker answer within tens of milliseconds: look soon, then less often.
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const found = messageIds.length
      ? await deps.db
          .select({ state: deviceControlMessages.state })
          .from(deviceControlMessages)
          .where(inArray(deviceControlMessages.id, messageIds))
      : [];
    if (found.every((m) => m.state === 'acked')) return true;
    if (found.some((m) => m.state === 'failed' || m.state === 'timed_out') || Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, pause));
  }
}
