import { api } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { featureKey } from '../../lib/api';
import { client, queryOf } from '../../lib/client';

/** The accordion: business entities whose name or a property name contains the keyword. */
export function useBusinessesWithSites(keyword: string) {
  return useQuery({
    ...queryOf(api.businesses.withProperties, { query: { keyword } }),
    placeholderData: keepPreviousData,
  });
}

/** Creates a business entity (no id) or renames one. */
export function useSaveBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { busEntityID?: number; legalName: string }) => {
      const answer = input.busEntityID
        ? await client.businesses.update({ body: { busEntityID: input.busEntityID, legalName: input.legalName } })
        : await client.businesses.create({ body: { legalName: input.legalName } });
      return { business: answer.result, message: answer.message };
    },
    // The accordion, the business lookup of every form, and the properties (which name their business).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: featureKey(api.businesses) });
      void queryClient.invalidateQueries({ queryKey: featureKey(api.sites) });
    },
  });
}
