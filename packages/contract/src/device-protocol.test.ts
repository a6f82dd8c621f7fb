import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  deviceMessageSchemas,
  instantOf,
  parseReading,
  readingMessage,
  totalText,
  type ParsedReading,
  type RefusalReason,
} from './device-protocol';

describe('a reading from a meter, checked on its own', () => {
  it.each<[object, ParsedReading]>([
    [
      { total: '1234.5', at: '2026-11-23T20:15:00Z' },
      { total: '1234.5', at: new Date('2026-11-23T20:15:00Z') },
    ],
    [
      { total: 1234.5, at: '2026-11-23T14:15:00-06:00' },
      { total: '1234.5', at: new Date('2026-11-23T20:15:00Z') },
    ],
    [
      { total: 0, at: 1_795_465_000_000 },
      { total: '0', at: new Date(1_795_465_000_000) },
    ],
    [
      { total: '999999999999.999999', at: '2026-11-23T20:15:00+00:00' },
      { total: '999999999999.999999', at: new Date('2026-11-23T20:15:00Z') },
    ],
    // an id of the meter's own, echoed in a refusal notice: printable text of 1 to 64 characters, or a safe integer
    ...['r-17', 'x'.repeat(64), 'Zähler 7 · #2', 0, 17, Number.MAX_SAFE_INTEGER].map(
      (msgId): [object, ParsedReading] => [
        { total: '12', at: '2026-11-23T20:15:00Z', msgId },
        { total: '12', at: new Date('2026-11-23T20:15:00Z') },
      ],
    ),
  ])('takes %o', (body, expected) => {
    expect(parseReading(body)).toEqual(expected);
  });

  it.each<[unknown, RefusalReason]>([
    [{ total: 'abc', at: '2026-11-23T20:15:00Z' }, 'malformed'],
    [{ total: '1e309', at: '2026-11-23T20:15:00Z' }, 'malformed'],
    [{ total: 'NaN', at: '2026-11-23T20:15:00Z' }, 'malformed'],
    [{ total: null, at: '2026-11-23T20:15:00Z' }, 'malformed'],
    [{ at: '2026-11-23T20:15:00Z' }, 'malformed'],
    ['12', 'malformed'],
    // JSON.parse reads 1e309 as Infinity
    [{ total: Number.POSITIVE_INFINITY, at: '2026-11-23T20:15:00Z' }, 'outOfRange'],
    [{ total: '-1', at: '2026-11-23T20:15:00Z' }, 'outOfRange'],
    [{ total: -0.5, at: '2026-11-23T20:15:00Z' }, 'outOfRange'],
    [{ total: '1000000000000', at: '2026-11-23T20:15:00Z' }, 'outOfRange'],
    [{ total: '1.1234567', at: '2026-11-23T20:15:00Z' }, 'outOfRange'],
    [{ total: 1.1234567, at: '2026-11-23T20:15:00Z' }, 'outOfRange'],
    [{ total: '12', at: '2026-11-23 20:15:00' }, 'badTimestamp'],
    [{ total: '12', at: '2026-13-40T20:15:00Z' }, 'badTimestamp'],
    [{ total: '12', at: 1.5 }, 'badTimestamp'],
    [{ total: '12', at: -1 }, 'badTimestamp'],
    // epoch seconds sent where milliseconds belong: 2026-11-23 20:15 UTC
    [{ total: '12', at: 1_795_465_000 }, 'epochSeconds'],
    [{ total: '12', at: 99_999_999_999 }, 'epochSeconds'],
    [{ total: '12' }, 'malformed'],
    // a malformed msgId makes the message malformed, whatever else is wrong with it
    ...['', 'x'.repeat(65), 'bell\u0007', 'two\nlines', -1, 1.5, 2 ** 53, null, true, ['r-1'], { id: 1 }].map(
      (msgId): [object, RefusalReason] => [{ total: '12', at: '2026-11-23T20:15:00Z', msgId }, 'malformed'],
    ),
    [{ total: '-1', at: 'yesterday', msgId: '' }, 'malformed'],
  ])('refuses %o as %s', (body, reason) => {
    expect(parseReading(body)).toEqual({ refused: reason });
  });

  it('keeps every total a register can show exactly, whether sent as text or as a number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999_999n }), (micro) => {
        const text =
          `${micro / 1_000_000n}.${String(micro % 1_000_000n).padStart(6, '0')}`.replace(/\.?0+$/, '') || '0';
        expect(totalText(text)).toBe(text);
        const asNumber = Number(text);
        const back = totalText(asNumber);
        // a number keeps its figure whenever a double holds it exactly
        if (back !== 'outOfRange') expect(Number(back)).toBe(asNumber);
      }),
    );
  });

  it('accepts exactly what the published schema accepts', () => {
    const total = fc.oneof(
      fc
        .bigInt({ min: 0n, max: 999_999_999_999_999_999n })
        .map((m) => `${m / 1_000_000n}.${String(m % 1_000_000n).padStart(6, '0')}`),
      fc.integer({ min: 0, max: 10 ** 12 }).map(String),
      fc.double({ min: -10, max: 1e13, noNaN: true }),
      fc.integer({ min: 0, max: 10 ** 9 }).map((n) => n / 1000),
      fc.constantFrom('abc', '1e3', '-1', '0x10', ' 12', '12.', '.5', '1.1234567', '', null, true),
    );
    const at = fc.oneof(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
      fc.constantFrom('2026-11-23T14:15:00-06:00', '2026-11-23T20:15:00+00:00', '2026-11-23 20:15:00', 'today', ''),
      fc.integer({ min: -5, max: 2 ** 53 }),
      fc.integer({ min: 999_999_990, max: 1_000_000_010 }),
      fc.integer({ min: 99_999_999_990, max: 100_000_000_010 }),
      fc.double({ noNaN: true }),
    );
    const msgId = fc.oneof(
      fc.string({ minLength: 0, maxLength: 66, unit: 'grapheme' }),
      fc.string({ maxLength: 3, unit: 'binary' }),
      fc.integer({ min: -5, max: 2 ** 53 + 2 }),
      fc.double(),
      fc.constantFrom(null, true, [1]),
    );
    const body = fc.oneof(
      fc.record({ total, at }),
      fc.record({ total, at, msgId }),
      fc.record({ total }),
      fc.record({ at }),
      fc.constantFrom(null, 12, 'x', [1, 2]),
    );
    fc.assert(
      fc.property(body, (b) => {
        expect('refused' in parseReading(b)).toBe(!readingMessage.safeParse(b).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads instants with any offset and epoch milliseconds alike', () => {
    expect(instantOf('2026-11-01T01:30:00-05:00')).toEqual(new Date('2026-11-01T06:30:00Z'));
    expect(instantOf('2026-11-01T01:30:00.250Z')).toEqual(new Date('2026-11-01T01:30:00.250Z'));
    expect(instantOf(-1)).toBeNull();
    expect(instantOf(1_795_465_000)).toBeNull();
    expect(instantOf(1_795_465_000_000)).toEqual(new Date('2026-11-23T20:16:40Z'));
    expect(instantOf('yesterday')).toBeNull();
  });

  it('publishes a JSON Schema of every message', () => {
    const schemas = deviceMessageSchemas();
    expect(Object.keys(schemas)).toEqual(['reading', 'ack', 'heartbeat', 'status', 'command', 'refused']);
    expect(schemas.reading).toMatchObject({ type: 'object', required: ['total', 'at'] });
  });
});
