import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idValue, userAccount } from '@portal/contract';
import { z } from 'zod';
import { api } from '../../lib/api';

const usersKey = ['users'] as const;

/** GET Account/GetAllUserAccounts: the accounts the caller may see. */
export function useUserAccounts() {
  return useQuery({
    queryKey: usersKey,
    queryFn: async ({ signal }) =>
      (await api.get('Account/GetAllUserAccounts', z.array(userAccount), { signal })).result,
  });
}

/** Business entities of the Administrator's business select. */
export function useBusinessOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['lookups', 'businesses'],
    queryFn: async ({ signal }) => (await api.get('GetAllBusinessLookup', z.array(idValue), { signal })).result,
    enabled,
  });
}

/**
 * The properties a Site Manager may be given: those of the business an Administrator
 * chose, or a Site Owner's own (asked for by the owner's account id).
 */
export function usePropertyOptions(source: { busEntityID: number } | { userAccountID: number } | null) {
  return useQuery({
    queryKey: ['lookups', 'assignableSites', source],
    queryFn: async ({ signal }) =>
      source && 'busEntityID' in source
        ? (await api.get('GetSitesLookupByBusEntityID', z.array(idValue), { signal, query: source })).result
        : (await api.get('GetAllSitesLookupByUserAccountID', z.array(idValue), { signal, query: source ?? {} })).result,
    enabled: source !== null,
  });
}

/** Create (no id) or update (with the id); the answer's message is the text to show. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: { userAccountID?: number } & Record<string, unknown>) =>
      request.userAccountID
        ? await api.put('Account/UpdateUserAccount', request, userAccount)
        : await api.post('Account/CreateUserAccount', request, userAccount),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
