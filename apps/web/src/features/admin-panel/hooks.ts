import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../lib/client';
import { businessKeys } from '../sites';

/** The accordion: business entities whose name or a property name contains the keyword. */
export function useBusinessesWithSites(keyword: string) {
  return useQuery({
    queryKey: businessKeys.withSites(keyword),
    queryFn: async ({ signal }) => (await client.businesses.withProperties({ query: { keyword }, signal })).result,
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
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['sites'] });
    },
  });
}
