import { z } from 'zod';

/**
 * The MQTT conversation with a meter (docs/device-protocol.md is written from these
 * schemas): the server publishes commands on `meters/{deviceKey}/command`, the meter
 * publishes acknowledgements, readings, heartbeats and its connection's status on
 * `meters/{deviceKey}/ack`, `…/reading`, `…/heartbeat` and `…/status`. JSON payloads, QoS 1.
 * Each message is validated on its own; a refused one is counted against its meter with a
 * reason and affects nothing else.
 */

/** The largest total a register holds: 12 integer digits and 6 decimals (properties section 9). */
export const MAX_METER_TOTAL = '999999999999.999999';
export const TOTAL_DECIMALS = 6;

const TOTAL_TEXT = /^\d{1,12}(\.\d{1,6})?$/;
const ISO_INSTANT = z.iso.datetime({ offset: true });
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A total as exact decimal text; 'malformed' when it is not a plain decimal number (text
 * like "abc" or "1e3"), 'outOfRange' when it is negative, not finite, beyond 12 integer
 * digits or finer than 6 decimals.
 */
export function totalText(value: string | number): string | 'malformed' | 'outOfRange' {
  if (typeof value === 'string') {
    if (!DECIMAL_TEXT.test(value)) return 'malformed';
    return TOTAL_TEXT.test(value) ? value : 'outOfRange';
  }
  if (!Number.isFinite(value) || value < 0) return 'outOfRange';
  const fixed = value.toFixed(TOTAL_DECIMALS);
  if (Number(fixed) !== value || !TOTAL_TEXT.test(fixed)) return 'outOfRange';
  return fixed.replace(/\.?0+$/, '') || '0';
}

/**
 * Epoch milliseconds below this are before March 1973, which no meter's reading can be, while
 * as epoch seconds from 10^9 on they are this century: such a number is seconds sent as
 * milliseconds.
 */
const SECONDS_BELOW = 1e11;
const SECONDS_FROM = 1e9;

/** A numeric instant that can only be epoch seconds, not the milliseconds the protocol asks for. */
export const isEpochSeconds = (value: unknown): boolean =>
  typeof value === 'number' && value >= SECONDS_FROM && value < SECONDS_BELOW;

/** An instant: ISO 8601 with an offset (`Z`, `+02:00`) or epoch milliseconds (not seconds). */
export function instantOf(value: unknown): Date | null {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 && !isEpochSeconds(value) ? new Date(value) : null;
  if (typeof value !== 'string' || !ISO_INSTANT.safeParse(value).success) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

const meterTotal = z
  .union([
    z.string().regex(TOTAL_TEXT),
    z
      .number()
      .min(0)
      .max(Number(MAX_METER_TOTAL))
      .multipleOf(10 ** -TOTAL_DECIMALS)
      // multipleOf in floating point lets through what the register cannot show (5e-324)
      .refine((n) => totalText(n) !== 'outOfRange'),
  ])
  .describe(
    "The meter's cumulative register: kWh for an electric meter, US gallons for a water meter. Decimal text (preferred: it is kept exactly) or a JSON number; 0 to 999999999999.999999, at most 6 decimals.",
  );
const instant = z
  .union([
    ISO_INSTANT,
    z
      .number()
      .int()
      .min(0)
      .max(SECONDS_FROM - 1),
    z.number().int().min(SECONDS_BELOW).max(Number.MAX_SAFE_INTEGER),
  ])
  .describe(
    'ISO 8601 with an offset ("2026-11-23T20:15:00Z", "2026-11-23T14:15:00-06:00") or epoch milliseconds; a number from 10^9 to 10^11 can only be epoch seconds and is refused (epochSeconds).',
  );

/** An id the meter gives a message, echoed in the notice that refuses it: printable text (no control or format characters). */
const MSG_ID_TEXT = /^[^\p{C}\p{Zl}\p{Zp}]{1,64}$/u;
export const msgId = z
  .union([z.string().regex(MSG_ID_TEXT), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .describe(
    "Optional: the meter's own id of this message, echoed in a refusal notice of it. Text of 1 to 64 printable characters, or an integer from 0 to 9007199254740991; any other value makes the message malformed.",
  );

/** What a meter publishes on `meters/{deviceKey}/reading`. */
export const readingMessage = z
  .object({
    total: meterTotal,
    at: instant.describe("When the register showed `total` (the meter's clock)."),
    msgId: msgId.optional(),
  })
  .describe('A reading: the register at an instant.');

/** What a meter publishes on `meters/{deviceKey}/ack`, answering a command. */
export const ackMessage = z
  .object({
    messageId: z.int32().positive().describe("The command's messageId, echoed."),
    resultCode: z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647)
      .describe('0: the relays are in the requested state. Any other value: the command failed, with this code.'),
    at: instant.optional().describe("When the meter acted; the server's clock when left out."),
    msgId: msgId.optional(),
  })
  .describe('The answer to a command.');

/** What a meter publishes on `meters/{deviceKey}/heartbeat`. */
export const heartbeatMessage = z
  .object({ at: instant.optional(), msgId: msgId.optional() })
  .describe('The meter is alive (it also counts as seen when it sends a reading).');

/** A meter's connection as it says it: 'online' once connected, 'offline' (its Last Will) once the broker lost it. */
export const CONNECTION_STATES = ['online', 'offline'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * What a meter publishes, retained, on `meters/{deviceKey}/status` as it connects, and what its
 * Last Will (set at CONNECT) has the broker publish there when the connection is lost.
 */
export const statusMessage = z
  .object({
    state: z
      .enum(CONNECTION_STATES)
      .describe(
        "online: published by the meter as soon as it is connected; offline: its Last Will's payload, published by the broker when the connection drops.",
      ),
    msgId: msgId.optional(),
  })
  .describe("The meter's connection: retained, so that the broker always holds the latest.");

/** What the server publishes on `meters/{deviceKey}/command`. */
export const commandMessage = z
  .object({
    messageId: z.int32().positive().describe('Echo it in the acknowledgement.'),
    capabilityId: z
      .number()
      .int()
      .nullable()
      .describe('The relay to switch (2: 30 A, 3: 50 A, 4: water valve, …), or null for every relay of the meter.'),
    requestedState: z.union([z.literal(0), z.literal(1)]).describe('1: on (closed), 0: off (open).'),
  })
  .describe('Switch a relay, or every relay of the meter.');

/** Why a message from a meter was refused; each is counted against the meter. */
export const REFUSAL_REASONS = [
  'unknownMeter',
  'malformed',
  'outOfRange',
  'badTimestamp',
  'epochSeconds',
  'clockAhead',
  'tooOld',
  'beforeMeter',
  'conflictingTotal',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A field of a refused message as the meter sent it. */
const sentValue = z.union([z.string().max(64), z.number()]);

/** What the server publishes on `meters/{deviceKey}/refused` when it refuses a message of the meter. */
export const refusalMessage = z
  .object({
    reason: z.enum(REFUSAL_REASONS).describe('Why the message was refused (see the table above).'),
    at: ISO_INSTANT.describe('When the portal refused it (UTC).'),
    msgId: msgId.optional().describe('The msgId of the refused message, when it had a well-formed one.'),
    message: z
      .object({ at: sentValue.optional(), total: sentValue.optional() })
      .optional()
      .describe(
        'The `at` and `total` of the refused message exactly as the meter sent them, each when it was a string of at most 64 characters or a finite number.',
      ),
  })
  .describe('A message of the meter was refused: it changed nothing.');
export type RefusalNotice = z.infer<typeof refusalMessage>;

export type ParsedReading = { total: string; at: Date };

/**
 * A reading message checked on its own: the reading, or why it is refused. Accepts exactly
 * what `readingMessage` (the published schema) accepts, and names the reason otherwise.
 */
export function parseReading(body: unknown): ParsedReading | { refused: RefusalReason } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { refused: 'malformed' };
  const { total, at, msgId: id } = body as Record<string, unknown>;
  if (id !== undefined && !msgId.safeParse(id).success) return { refused: 'malformed' };
  if (typeof total !== 'string' && typeof total !== 'number') return { refused: 'malformed' };
  const text = totalText(total);
  if (text === 'malformed' || text === 'outOfRange') return { refused: text };
  if (typeof at !== 'string' && typeof at !== 'number') return { refused: 'malformed' };
  if (isEpochSeconds(at)) return { refused: 'epochSeconds' };
  const instant = instantOf(at);
  return instant ? { total: text, at: instant } : { refused: 'badTimestamp' };
}

/** The JSON Schema of each message, for the protocol document and for meter makers' tools. */
export function deviceMessageSchemas() {
  const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' });
  return {
    reading: schema(readingMessage),
    ack: schema(ackMessage),
    heartbeat: schema(heartbeatMessage),
    status: schema(statusMessage),
    command: schema(commandMessage),
    refused: schema(refusalMessage),
  };
}
