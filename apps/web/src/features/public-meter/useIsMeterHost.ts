import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contract';
import { checkedBy, keyOf, send } from '../../lib/api';
import { isObject } from '../../lib/json';

/** The contract's `meterHostInfo`, checked by hand: the gate runs before any page, so before zod is loaded. */
const isMeterHostInfo = (value: unknown): value is { meterHost: boolean } =>
  isObject(value) && typeof value.meterHost === 'boolean';

/** Whether the portal was opened through the meter-check host name (METER_HOST): then every path is the lookup. */
export function useIsMeterHost() {
  return useQuery({
    queryKey: keyOf(routes.publicMeter.host),
    queryFn: async () =>
      (await send(routes.publicMeter.host, { anonymous: true }, checkedBy(isMeterHostInfo))).result.meterHost,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}
