import { z } from 'zod';
import { idParam } from './fields';

/**
 * What an API key may do, each scope a set of calls of the route table (a call declares the
 * scope it needs; a call that declares none refuses keys).
 */
export const API_KEY_SCOPES = [
  'locations:read',
  'usage:read',
  'statements:read',
  'stays:write',
  'relays:write',
  'reservations:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Keys start with this, so a leaked one is recognised (secret scanners, logs) and told from a session token. */
export const API_KEY_PREFIX = 'mpk_';
/** Live keys a business may hold. */
export const API_KEYS_PER_BUSINESS_MAX = 50;
/** Requests a minute one key may make. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

export const createApiKeyRequest = z.object({
  businessID: idParam,
  name: z.string({ error: 'requiredField' }).trim().min(1, 'requiredField').max(100, 'maxLength'),
  siteIDs: z.array(idParam).min(1, 'requiredField').max(500, 'maxLength'),
  scopes: z.array(z.enum(API_KEY_SCOPES, { error: 'fieldNotValid' })).min(1, 'requiredField'),
  /** When the key stops working; none: until revoked. */
  expiresAt: z.iso.datetime({ offset: true, error: 'fieldNotValid' }).nullish(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

/** The key itself is in this answer only: it is stored hashed. */
export const createdApiKey = z.object({ apiKeyID: z.number(), key: z.string() });

export const apiKeysQuery = z.object({ businessID: idParam });
export const apiKeyIdBody = z.object({ apiKeyID: idParam });

export const apiKeyRow = z.object({
  apiKeyID: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  siteIDs: z.array(z.number()),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyRow = z.output<typeof apiKeyRow>;
