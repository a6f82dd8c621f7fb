import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { meterHostInfo, meterLookupResult } from '@portal/contract';
import { api } from '../../app/api';

export const publicMeterKeys = {
  lookup: (name: string) => ['public-meter', 'lookup', name.toUpperCase()] as const,
  host: ['public-meter', 'host'] as const,
};

/** The public summary of a meter by its number (the location's public name); anonymous. */
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

/** Whether the portal was opened through the meter-check host name (METER_HOST): then every path is the lookup. */
export function useIsMeterHost() {
  return useQuery({
    queryKey: publicMeterKeys.host,
    queryFn: async () => (await api.get('PublicMeter/Host', meterHostInfo, { anonymous: true })).result.meterHost,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}
