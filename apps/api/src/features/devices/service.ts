import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { deviceControlMessages, servicePointCapabilities, servicePoints } from '../../db/schema';
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

function capabilityCondition(servicePointId: number, capabilityId: number | null) {
  return capabilityId === null
    ? eq(servicePointCapabilities.servicePointId, servicePointId)
    : and(
        eq(servicePointCapabilities.servicePointId, servicePointId),
        eq(servicePointCapabilities.capabilityId, capabilityId),
      );
}

export type Settlement = { messageId: number; deviceKey: string; resultCode: number | null; at: Date };

/**
 * Closes commands with the device's answer (or none: `resultCode` null = timed out). On
 * success the relays take the requested state; otherwise they keep theirs and show why.
 */
export async function settle(deps: Deps, answers: Settlement[]): Promise<void> {
  if (!answers.length) return;
  await deps.db.transaction(async (tx) => {
    const meterIds: number[] = [];
    for (const a of answers) {
      const state = a.resultCode === null ? 'timed_out' : a.resultCode === 0 ? 'acked' : 'failed';
      const [closed] = await tx
        .update(deviceControlMessages)
        .set({ state, resultCode: a.resultCode, responseReceivedAt: a.resultCode === null ? null : a.at })
        .where(
          and(
            eq(deviceControlMessages.id, a.messageId),
            inArray(deviceControlMessages.state, ['queued', 'sent']),
            sql`${deviceControlMessages.servicePointId} = (select id from service_points where device_key = ${a.deviceKey})`,
          ),
        )
        .returning();
      if (!closed) continue;
      meterIds.push(closed.servicePointId);
      const relays = capabilityCondition(closed.servicePointId, closed.capabilityId);
      await tx
        .update(servicePointCapabilities)
        .set(
          a.resultCode === 0
            ? { status: closed.requestedState, apiCapabilityResponse: null, updatedAt: a.at }
            : { apiCapabilityResponse: failedResponse(a.resultCode), updatedAt: a.at },
        )
        .where(relays);
    }
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
