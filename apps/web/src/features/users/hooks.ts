import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CreateUserAccountRequest, type UpdateUserAccountRequest } from '@portal/contract';
import { keyOf } from '../../lib/api';
import { client, queryOf } from '../../lib/client';

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

/** Create (no id) or update (with the id); the answer's message is the text to show. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateUserAccountRequest | UpdateUserAccountRequest) =>
      'userAccountID' in request && request.userAccountID
        ? await client.users.update({ body: request as UpdateUserAccountRequest })
        : await client.users.create({ body: request as CreateUserAccountRequest }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(api.users.list) }),
  });
}
