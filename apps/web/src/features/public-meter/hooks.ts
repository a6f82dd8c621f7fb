import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { meterLookupResult } from '@portal/contract';
import { api } from '../../lib/api';

export const publicMeterKeys = {
  lookup: (name: string) => ['public-meter', 'lookup', name.toUpperCase()] as const,
};

/** The public summary of a meter by its number or its location's public name; anonymous. */
export function useMeterLookup(name: string) {
  return useQuery({
    queryKey: publicMeterKeys.lookup(name),
    queryFn: async ({ signal }) =>
      (
        await api.get('Report/GetElectricMeterInformationByLocationPublicName', meterLookupResult, {
          query: { name },
          anonymous: true,
          signal,
        })
      ).result,
    enabled: name !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
}
