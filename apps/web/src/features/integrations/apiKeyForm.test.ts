import { describe, expect, it } from 'vitest';
import { type ApiKeyFormValues, apiKeyRequestOf, apiKeyStateOf } from './apiKeyForm';

const values: ApiKeyFormValues = { name: 'PMS', siteIDs: [5], scopes: ['locations:read'], expiresAt: '' };

describe('a new key’s request', () => {
  it('has no expiry when no day is chosen', () => {
    expect(apiKeyRequestOf(values, 40, 'America/Denver')).toEqual({
      businessID: 40,
      name: 'PMS',
      siteIDs: [5],
      scopes: ['locations:read'],
      expiresAt: null,
    });
  });

  it('expires as the chosen day begins in the user’s zone', () => {
    expect(apiKeyRequestOf({ ...values, expiresAt: '2030-01-15' }, 40, 'America/Denver').expiresAt).toBe(
      '2030-01-15T07:00:00.000Z',
    );
    expect(apiKeyRequestOf({ ...values, expiresAt: '2030-07-15' }, 40, 'Europe/Berlin').expiresAt).toBe(
      '2030-07-14T22:00:00.000Z',
    );
  });
});

describe('a key’s state', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it.each([
    ['active', null, null],
    ['active', '2026-11-29T00:00:00Z', null],
    ['expired', '2026-11-28T12:00:00Z', null],
    ['revoked', null, '2026-11-01T00:00:00Z'],
    ['revoked', '2026-01-01T00:00:00Z', '2026-11-01T00:00:00Z'],
  ])('is %s with expiry %s and revocation %s', (state, expiresAt, revokedAt) => {
    expect(apiKeyStateOf({ expiresAt, revokedAt }, now)).toBe(state);
  });
});
