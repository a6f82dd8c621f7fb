import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CreateApiKeyRequest } from '@portal/contract';
import { client, queryOf } from '../../lib/client';

const apiKeysQuery = (businessID: number) => queryOf(api.integrations.apiKeys, { query: { businessID } });

/** A business's API keys, newest first; read afresh each time the page opens (a key's last use moves). */
export function useApiKeys(businessID: number) {
  return useQuery({ ...apiKeysQuery(businessID), staleTime: 0 });
}

/** The businesses an Administrator picks from (id/value). */
export function useBusinesses(enabled: boolean) {
  return useQuery({ ...queryOf(api.businesses.lookup), enabled });
}

/** The business's properties (id/value): the names in the keys' list and the choices of a new key. */
export function useBusinessProperties(businessID: number) {
  return useQuery(queryOf(api.sites.lookupOfBusiness, { query: { busEntityID: businessID } }));
}

/** Makes a key; the answer holds the key (shown once) and the server's message. The list is read again. */
export function useCreateApiKey(businessID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyRequest) => {
      const answer = await client.integrations.createApiKey({ body });
      return { key: answer.result.key, message: answer.message };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery(businessID).queryKey }),
  });
}

/** Revokes a key at once; the list is read again. */
export function useRevokeApiKey(businessID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (apiKeyID: number) => (await client.integrations.revokeApiKey({ body: { apiKeyID } })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery(businessID).queryKey }),
  });
}
