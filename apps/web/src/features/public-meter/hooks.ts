import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@portal/contract';
import { queryOf } from '../../lib/client';

/** The public summary of a meter by its number or its location's public name; anonymous. */
export function useMeterLookup(name: string) {
  return useQuery({
    ...queryOf(api.publicMeter.lookUp, { query: { name } }),
    enabled: name !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
}
