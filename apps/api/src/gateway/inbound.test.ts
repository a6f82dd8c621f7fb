import { describe, expect, it } from 'vitest';
import type { DeviceMessageKind } from './gateway';
import { inboundOf, MAX_PAYLOAD_CHARS } from './inbound';

const now = new Date('2026-11-23T20:15:00Z');
const SKEW_MS = 300_000;
const check = (kind: DeviceMessageKind, payload: string) =>
  inboundOf({ kind, deviceKey: 'dk-1', payload }, now, SKEW_MS);
const reason = (kind: DeviceMessageKind, payload: string) => {
  const inbound = check(kind, payload);
  return inbound.kind === 'refusal' ? inbound.refusal.reason : 'accepted';
};

describe('a device message, checked on its own', () => {
  it.each([
    ['decimal text', '{"total":"12.5","at":"2026-11-23T20:14:00Z"}', 'accepted'],
    ['a JSON number', '{"total":12.5,"at":"2026-11-23T20:14:00Z"}', 'accepted'],
    ['any offset', '{"total":"1","at":"2026-11-23T14:14:00-06:00"}', 'accepted'],
    ['epoch milliseconds', `{"total":"1","at":${now.getTime() - 60_000}}`, 'accepted'],
    ['12 digits and 6 decimals', '{"total":"999999999999.999999","at":"2026-11-23T20:14:00Z"}', 'accepted'],
    ['a clock up to the skew ahead', '{"total":"1","at":"2026-11-23T20:20:00Z"}', 'accepted'],
    ['text for a total', '{"total":"abc","at":"2026-11-23T20:14:00Z"}', 'malformed'],
    ['an exponent in text', '{"total":"1e309","at":"2026-11-23T20:14:00Z"}', 'malformed'],
    ['a number beyond floating point', '{"total":1e309,"at":"2026-11-23T20:14:00Z"}', 'outOfRange'],
    ['a negative total', '{"total":"-1","at":"2026-11-23T20:14:00Z"}', 'outOfRange'],
    ['13 integer digits', '{"total":"1000000000000","at":"2026-11-23T20:14:00Z"}', 'outOfRange'],
    ['7 decimals', '{"total":"1.1234567","at":"2026-11-23T20:14:00Z"}', 'outOfRange'],
    ['no total', '{"at":"2026-11-23T20:14:00Z"}', 'malformed'],
    ['a time without offset', '{"total":"1","at":"2026-11-23T20:14:00"}', 'badTimestamp'],
    ['words for a time', '{"total":"1","at":"yesterday"}', 'badTimestamp'],
    ['a clock further ahead', '{"total":"1","at":"2026-11-23T20:20:01Z"}', 'clockAhead'],
    ['not JSON', 'total=1', 'malformed'],
    ['a JSON array', '[1]', 'malformed'],
    ['a huge payload', `{"total":"1","at":"2026-11-23T20:14:00Z","x":"${'x'.repeat(MAX_PAYLOAD_CHARS)}"}`, 'malformed'],
  ])('a reading with %s: %s', (_what, payload, expected) => {
    expect(reason('reading', payload)).toBe(expected);
  });

  it('hands over a reading as exact decimal text at its instant, with what a refusal of it would echo', () => {
    expect(check('reading', '{"total":12.5,"at":"2026-11-23T14:14:00-06:00","msgId":"r-9"}')).toEqual({
      kind: 'reading',
      reading: {
        deviceKey: 'dk-1',
        total: '12.5',
        readAt: new Date('2026-11-23T20:14:00Z'),
        echo: { msgId: 'r-9', message: { at: '2026-11-23T14:14:00-06:00', total: 12.5 } },
      },
    });
    expect(check('heartbeat', '{"msgId":4}')).toEqual({
      kind: 'heartbeat',
      beat: { deviceKey: 'dk-1', at: now, echo: { msgId: 4 } },
    });
  });

  it.each([
    [
      'reading',
      '{"total":"1","at":"2026-11-23T20:30:00Z","msgId":"r-17"}',
      'clockAhead',
      { msgId: 'r-17', message: { at: '2026-11-23T20:30:00Z', total: '1' } },
    ],
    [
      'reading',
      '{"total":-4,"at":1795471200000,"msgId":77}',
      'outOfRange',
      { msgId: 77, message: { at: 1795471200000, total: -4 } },
    ],
    [
      'reading',
      '{"total":"1","at":"yesterday","msgId":"r-18"}',
      'badTimestamp',
      { msgId: 'r-18', message: { at: 'yesterday', total: '1' } },
    ],
    // a malformed msgId is no id to echo; what else could be read still is
    [
      'reading',
      '{"total":"1","at":"2026-11-23T20:14:00Z","msgId":""}',
      'malformed',
      { message: { at: '2026-11-23T20:14:00Z', total: '1' } },
    ],
    ['reading', '{"total":{"v":1},"at":null,"msgId":"r-19"}', 'malformed', { msgId: 'r-19' }],
    [
      'reading',
      `{"total":"${'9'.repeat(80)}","at":"2026-11-23T20:14:00Z"}`,
      'outOfRange',
      { message: { at: '2026-11-23T20:14:00Z' } },
    ],
    ['reading', 'total=1', 'malformed', {}],
    ['heartbeat', '{"at":"-","msgId":3}', 'badTimestamp', { msgId: 3, message: { at: '-' } }],
    [
      'ack',
      '{"messageId":7,"resultCode":0,"at":"soon","msgId":"a-1"}',
      'badTimestamp',
      { msgId: 'a-1', message: { at: 'soon' } },
    ],
    ['ack', '{"messageId":7,"resultCode":0,"msgId":-1}', 'malformed', {}],
  ] as const)('a refused %s %s (%s) echoes %o', (kind, payload, expected, echo) => {
    const inbound = check(kind, payload);
    expect(inbound.kind === 'refusal' && [inbound.refusal.reason, inbound.refusal.echo]).toEqual([expected, echo]);
  });

  it.each([
    ['an answer', '{"messageId":7,"resultCode":0}', 'accepted'],
    ['an answer with its time', '{"messageId":7,"resultCode":5,"at":"2026-11-23T20:14:00+01:00"}', 'accepted'],
    ['a text id', '{"messageId":"7","resultCode":0}', 'malformed'],
    ['a fractional result code', '{"messageId":7,"resultCode":0.5}', 'malformed'],
    ['a bad time', '{"messageId":7,"resultCode":0,"at":"soon"}', 'badTimestamp'],
  ])('an acknowledgement with %s: %s', (_what, payload, expected) => {
    expect(reason('ack', payload)).toBe(expected);
  });

  it.each([
    ['nothing', '{}', 'accepted'],
    ['its time', `{"at":${now.getTime()}}`, 'accepted'],
    ['a bad time', '{"at":"-"}', 'badTimestamp'],
    ['not an object', '"alive"', 'malformed'],
  ])('a heartbeat with %s: %s', (_what, payload, expected) => {
    expect(reason('heartbeat', payload)).toBe(expected);
  });

  it.each([
    ['online', '{"state":"online"}', 'accepted'],
    ['offline, as a Last Will says it', '{"state":"offline","msgId":"will"}', 'accepted'],
    ['another state', '{"state":"asleep"}', 'malformed'],
    ['the bare word', 'offline', 'malformed'],
    ['no state', '{}', 'malformed'],
  ])('a status %s: %s', (_what, payload, expected) => {
    expect(reason('status', payload)).toBe(expected);
  });

  it('hands over a status at the instant it was received', () => {
    expect(check('status', '{"state":"offline"}')).toEqual({
      kind: 'status',
      status: { deviceKey: 'dk-1', state: 'offline', at: now, echo: {} },
    });
  });

  it('says what was refused, with the start of what came, and when', () => {
    expect(check('reading', '{"total":"abc","at":"2026-11-23T20:14:00Z"}')).toEqual({
      kind: 'refusal',
      refusal: {
        deviceKey: 'dk-1',
        reason: 'malformed',
        detail: 'reading {"total":"abc","at":"2026-11-23T20:14:00Z"}',
        at: now,
        echo: { message: { total: 'abc', at: '2026-11-23T20:14:00Z' } },
      },
    });
    const long = check('reading', 'x'.repeat(5000));
    expect(long.kind === 'refusal' && long.refusal.detail.length).toBeLessThan(300);
  });
});
