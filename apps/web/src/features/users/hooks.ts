import { useQuery } from '@tanstack/react-query';
import { api } from '@portal/contract';
import { keyOf } from '../../lib/api';
import { client, queryOf } from '../../lib/client';
import type { CreateUserBody, UpdateUserBody } from './userForm';
import { useRefetchingMutation } from '../../lib/mutations';

/** The accounts the caller may see. */
export function useUserAccounts() {
  return useQuery(queryOf(api.users.list));
}

/** Business entities of the Administrator's business select. */
export function useBusinessOptions(enabled: boolean) {
  return useQuery({ ...queryOf(api.businesses.lookup), enabled });
}

/**
 * The properties a Site Manager may be given: those of the business an Administrator
 * chose, or a Site Owner's own (asked for by the owner's account id).
 */
export function usePropertyOptions(source: { busEntityID: number } | { userAccountID: number } | null) {
  const query =
    source && 'busEntityID' in source
      ? queryOf(api.sites.lookupOfBusiness, { query: source })
      : queryOf(api.sites.lookupOfUser, { query: source ?? { userAccountID: 0 } });
  return useQuery({ ...query, enabled: source !== null });
}

/** Create an account or update one; the answer's message is the text to show. */
export function useSaveUser() {
  return useRefetchingMutation(
    keyOf(api.users.list),
    async (save: { create: CreateUserBody } | { update: UpdateUserBody }) =>
      'update' in save
        ? await client.users.update({ body: save.update })
        : await client.users.create({ body: save.create }),
  );
}
