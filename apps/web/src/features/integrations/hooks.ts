import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CreateApiKeyRequest, type CreateWebhookRequest } from '@portal/contract';
import { keyOf } from '../../lib/api';
import { client, queryOf } from '../../lib/client';
import { useRefetchingMutation } from '../../lib/mutations';

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
  return useRefetchingMutation(apiKeysQuery(businessID).queryKey, async (body: CreateApiKeyRequest) => {
    const answer = await client.integrations.createApiKey({ body });
    return { key: answer.result.key, message: answer.message };
  });
}

/** Revokes a key at once; the list is read again. */
export function useRevokeApiKey(businessID: number) {
  return useRefetchingMutation(
    apiKeysQuery(businessID).queryKey,
    async (apiKeyID: number) => (await client.integrations.revokeApiKey({ body: { apiKeyID } })).message,
  );
}

const webhooksQuery = (siteID: number) => queryOf(api.integrations.webhooks, { query: { siteID } });

/** A property's webhook endpoints; read afresh each time (an endpoint's failures move). */
export function useWebhooks(siteID: number) {
  return useQuery({ ...webhooksQuery(siteID), staleTime: 0 });
}

/** How often an open delivery log is read again. */
export const DELIVERIES_REFRESH_MS = 5_000;

/** An endpoint's deliveries, newest first, read again every few seconds while the log is open. */
export function useWebhookDeliveries(webhookID: number) {
  return useQuery({
    ...queryOf(api.integrations.webhookDeliveries, { query: { webhookID } }),
    staleTime: 0,
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
}

/** After a change to a property's endpoints: its list, and the open delivery logs, are read again. */
function useWebhooksChanged(siteID: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: webhooksQuery(siteID).queryKey });
    await queryClient.invalidateQueries({ queryKey: keyOf(api.integrations.webhookDeliveries) });
  };
}

/** Adds an endpoint; the answer holds its signing secret (shown once) and the server's message. */
export function useCreateWebhook(siteID: number) {
  const changed = useWebhooksChanged(siteID);
  return useMutation({
    mutationFn: async (body: CreateWebhookRequest) => {
      const answer = await client.integrations.createWebhook({ body });
      return { secret: answer.result.secret, message: answer.message };
    },
    onSuccess: changed,
  });
}

/** A new signing secret for an endpoint (shown once); the old one signs too for a while. */
export function useRotateWebhookSecret(siteID: number) {
  const changed = useWebhooksChanged(siteID);
  return useMutation({
    mutationFn: async (webhookID: number) => {
      const answer = await client.integrations.rotateWebhookSecret({ body: { webhookID } });
      return { secret: answer.result.secret, message: answer.message };
    },
    onSuccess: changed,
  });
}

/** Enables a disabled endpoint; answers the server's message. */
export function useEnableWebhook(siteID: number) {
  const changed = useWebhooksChanged(siteID);
  return useMutation({
    mutationFn: async (webhookID: number) => (await client.integrations.enableWebhook({ body: { webhookID } })).message,
    onSuccess: changed,
  });
}

/** Deletes an endpoint with its deliveries; answers the server's message. */
export function useDeleteWebhook(siteID: number) {
  const changed = useWebhooksChanged(siteID);
  return useMutation({
    mutationFn: async (webhookID: number) => (await client.integrations.deleteWebhook({ body: { webhookID } })).message,
    onSuccess: changed,
  });
}

/** Sends a delivery again now; answers the server's message. */
export function useRedeliverWebhook(siteID: number) {
  const changed = useWebhooksChanged(siteID);
  return useMutation({
    mutationFn: async (deliveryID: number) =>
      (await client.integrations.redeliverWebhook({ body: { deliveryID } })).message,
    onSuccess: changed,
  });
}
