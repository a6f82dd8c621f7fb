import { describe, expect, it } from 'vitest';
import { busEntityKeywordQuery, createBusEntityRequest, updateBusEntityRequest } from './businesses';
import { messageText, type MessageCode } from './messages';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : messageText(result.error!.issues[0]!.message as MessageCode);

describe('business entities', () => {
  it.each([
    [{ legalName: '  ' }, 'Please provide Business Entity Name'],
    [{}, 'Please provide Business Entity Name'],
    [{ legalName: 'x'.repeat(201) }, 'Maximum field length'],
    [{ legalName: ' Lakeside Leisure Group ' }, undefined],
  ])('create %j -> %s', (body, message) => {
    expect(firstMessage(createBusEntityRequest.safeParse(body))).toBe(message);
  });

  it('trims the name', () => {
    expect(createBusEntityRequest.parse({ legalName: ' Lakeside ' }).legalName).toBe('Lakeside');
  });

  it('renames by id', () => {
    expect(firstMessage(updateBusEntityRequest.safeParse({ busEntityID: 0, legalName: 'A' }))).toBe(
      'Field is not valid',
    );
    expect(firstMessage(updateBusEntityRequest.safeParse({ busEntityID: 3, legalName: 'A' }))).toBeUndefined();
  });

  it('searches with an empty keyword when none is given', () => {
    expect(busEntityKeywordQuery.parse({})).toEqual({ keyword: '' });
    expect(busEntityKeywordQuery.parse({ keyword: '  pine ' })).toEqual({ keyword: 'pine' });
  });
});
