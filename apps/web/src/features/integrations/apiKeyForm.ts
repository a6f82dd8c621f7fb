import { type ApiKeyRow, type ApiKeyScope, type CreateApiKeyRequest, createApiKeyRequest } from '@portal/contract';
import type { Resolver } from 'react-hook-form';
import { requestResolver } from '../../lib/schemaForm';
import { fromWallTime } from '../../lib/wallTime';

/**
 * The New API key form. Its fields have the request's names, so the contract's problems and
 * the server's field errors land on them; `expiresAt` is a day ('YYYY-MM-DD', a date input's
 * value, '' for none): the key stops working as that day begins in the user's time zone.
 */
export type ApiKeyFormValues = { name: string; siteIDs: number[]; scopes: ApiKeyScope[]; expiresAt: string };

export const apiKeyFormFields = ['name', 'siteIDs', 'scopes', 'expiresAt'] as const;

export const emptyApiKeyForm: ApiKeyFormValues = { name: '', siteIDs: [], scopes: [], expiresAt: '' };

/** The request the form sends for the business; a day that is no date is sent as it is, for the schema to refuse. */
export function apiKeyRequestOf(values: ApiKeyFormValues, businessID: number, timeZone: string): CreateApiKeyRequest {
  const day = values.expiresAt.trim();
  const expiresAt = day === '' ? null : (fromWallTime(`${day}T00:00`, timeZone)?.toISOString() ?? day);
  return { businessID, name: values.name, siteIDs: values.siteIDs, scopes: values.scopes, expiresAt };
}

/** Checks the request the form would make against the contract's `createApiKeyRequest`. */
export function apiKeyResolver(
  businessID: number,
  timeZone: string,
): Resolver<ApiKeyFormValues, unknown, CreateApiKeyRequest> {
  return requestResolver(createApiKeyRequest, (values: ApiKeyFormValues) =>
    apiKeyRequestOf(values, businessID, timeZone),
  );
}

export type ApiKeyState = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: a revoked key stays revoked whatever its expiry. */
export function apiKeyStateOf(key: Pick<ApiKeyRow, 'expiresAt' | 'revokedAt'>, now: number): ApiKeyState {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}
