import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { deviceControlMessages, servicePointCapabilities, servicePoints } from '../../db/schema';
import type { Deps } from '../../deps';
import { announce } from '../../hub/events';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { locationEventsOfMeters } from '../../hub/queries';

export type ControlRequest = { servicePointId: number; requestedState: 0 | 1; capabilityId?: number | null };

/** The text a capability shows while a command is out; the check-in form skips such relays. */
export const PENDING_RESPONSE = 'Pending';
export const failedResponse = (resultCode: number | null) =>
  resultCode === null ? 'Failed: no response' : `Failed: result code ${resultCode}`;

/**
 * Records a command for a meter and hands it to the gateway; answers its message id.
 * A command with the same state already waiting for this meter is not sent twice: its
 * id is answered instead. The caller checks the meter is in scope.
 */
export async function sendControl(deps: Deps, req: FastifyRequest | null, c: ControlRequest): Promise<number> {
  const capabilityId = c.capabilityId ?? null;
  const prepared = await deps.db.transaction(async (tx) => {
    const [meter] = await tx
      .select({ id: servicePoints.id, deviceKey: servicePoints.deviceKey })
      .from(servicePoints)
      .where(eq(servicePoints.id, c.servicePointId))
      .for('update');
    if (!meter) throw notFound('meter');
    const [pending] = await tx
      .select({ id: deviceControlMessages.id })
      .from(deviceControlMessages)
      .where(
        and(
          eq(deviceControlMessages.servicePointId, c.servicePointId),
          eq(deviceControlMessages.requestedState, c.requestedState),
          sql`${deviceControlMessages.capabilityId} is not distinct from ${capabilityId}`,
          inArray(deviceControlMessages.state, ['queued', 'sent']),
        ),
      );
    if (pending) return { id: pending.id, deviceKey: meter.deviceKey, fresh: false };
    const [message] = await tx
      .insert(deviceControlMessages)
      .values({
        servicePointId: c.servicePointId,
        capabilityId,
        requestedState: c.requestedState,
        requestedByUserId: req?.principal?.userAccountId ?? null,
        createdAt: deps.now(),
      })
      .returning({ id: deviceControlMessages.id });
    await tx
      .update(servicePointCapabilities)
      .set({ apiCapabilityResponse: PENDING_RESPONSE, updatedAt: deps.now() })
      .where(capabilityCondition(c.servicePointId, capabilityId));
    await audit(tx, req, {
      action: 'deviceControl',
      entityType: 'servicePoint',
      entityId: c.servicePointId,
      after: { requestedState: c.requestedState, capabilityId, messageId: message!.id },
    });
    await announce(tx, await locationEventsOfMeters(tx, [c.servicePointId], deps.now()));
    return { id: message!.id, deviceKey: meter.deviceKey, fresh: true };
  });
  if (!prepared.fresh) return prepared.id;
  try {
    await deps.devices.send({
      messageId: prepared.id,
      deviceKey: prepared.deviceKey,
      capabilityId,
      requestedState: c.requestedState,
    });
    await deps.db
      .update(deviceControlMessages)
      .set({ state: 'sent', sentAt: deps.now() })
      .where(and(eq(deviceControlMessages.id, prepared.id), eq(deviceControlMessages.state, 'queued')));
  } catch (err) {
    req?.log.error({ err, messageId: prepared.id }, 'the device gateway refused a command');
    await settle(deps, [{ messageId: prepared.id, deviceKey: prepared.deviceKey, resultCode: null, at: deps.now() }]);
  }
  return prepared.id;
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
