import {
  ackMessage,
  heartbeatMessage,
  instantOf,
  msgId,
  parseReading,
  statusMessage,
  type RefusalReason,
} from '@portal/contract';
import type { z } from 'zod';
import type {
  DeviceAck,
  DeviceHeartbeat,
  DeviceMessage,
  DeviceReading,
  DeviceRefusal,
  DeviceStatus,
  Echo,
} from './gateway';

export type Inbound =
  | { kind: 'ack'; ack: DeviceAck }
  | { kind: 'reading'; reading: DeviceReading }
  | { kind: 'heartbeat'; beat: DeviceHeartbeat }
  | { kind: 'status'; status: DeviceStatus }
  | { kind: 'refusal'; refusal: DeviceRefusal };

/** How much of a refused payload is kept to say what was wrong with it. */
const DETAIL_CHARS = 200;
/** A message of the protocol is under 200 characters; a far larger one is refused unread. */
export const MAX_PAYLOAD_CHARS = 4_096;
/** The longest text of a refused message's `at` or `total` a notice repeats (a register's is 19 characters, an instant's about 30). */
const ECHO_CHARS = 64;

/**
 * One message checked on its own against the device protocol (the contract's schemas):
 * what it says, or why it is refused. A reading stamped more than `clockSkewMs` after
 * `receivedAt` (the server's clock) is refused as 'clockAhead'.
 */
export function inboundOf(message: DeviceMessage, receivedAt: Date, clockSkewMs: number): Inbound {
  const { kind, deviceKey, payload } = message;
  let echo: Echo = {};
  const refuse = (reason: RefusalReason): Inbound => ({
    kind: 'refusal',
    refusal: { deviceKey, reason, detail: `${kind} ${payload.slice(0, DETAIL_CHARS)}`, at: receivedAt, echo },
  });
  if (payload.length > MAX_PAYLOAD_CHARS) return refuse('malformed');
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return refuse('malformed');
  }
  echo = echoOf(body);
  if (kind === 'reading') {
    const reading = parseReading(body);
    if ('refused' in reading) return refuse(reading.refused);
    if (reading.at.getTime() > receivedAt.getTime() + clockSkewMs) return refuse('clockAhead');
    return { kind, reading: { deviceKey, readAt: reading.at, total: reading.total, echo } };
  }
  if (kind === 'ack') {
    const ack = ackMessage.safeParse(body);
    if (!ack.success) return refuse(reasonOf(ack.error));
    const at = ack.data.at === undefined ? receivedAt : instantOf(ack.data.at);
    if (!at) return refuse('badTimestamp');
    return { kind, ack: { messageId: ack.data.messageId, deviceKey, resultCode: ack.data.resultCode, at } };
  }
  if (kind === 'status') {
    const status = statusMessage.safeParse(body);
    if (!status.success) return refuse(reasonOf(status.error));
    return { kind, status: { deviceKey, state: status.data.state, at: receivedAt, echo } };
  }
  const beat = heartbeatMessage.safeParse(body);
  if (!beat.success) return refuse(reasonOf(beat.error));
  const at = beat.data.at === undefined ? receivedAt : instantOf(beat.data.at);
  if (!at) return refuse('badTimestamp');
  return { kind, beat: { deviceKey, at, echo } };
}

/** What a notice refusing this message would repeat of it: a well-formed msgId, and `at` and `total` as sent when readable. */
function echoOf(body: unknown): Echo {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const { msgId: sentId, at, total } = body as Record<string, unknown>;
  const readable = (v: unknown): v is string | number =>
    (typeof v === 'string' && v.length <= ECHO_CHARS) || (typeof v === 'number' && Number.isFinite(v));
  const echo: Echo = {};
  const id = msgId.safeParse(sentId);
  if (id.success) echo.msgId = id.data;
  if (readable(at) || readable(total))
    echo.message = { ...(readable(at) && { at }), ...(readable(total) && { total }) };
  return echo;
}

/** Only the timestamp is wrong: 'badTimestamp'; anything else: 'malformed'. */
function reasonOf(error: z.ZodError): RefusalReason {
  return error.issues.every((i) => i.path[0] === 'at') ? 'badTimestamp' : 'malformed';
}
