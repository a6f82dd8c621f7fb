import { api } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from './client';

/**
 * Every property the signed-in user may see, with its location counts: My Properties lists
 * them, and the pages that choose or name a property (reports, alerts, a property's locations)
 * read the same cache entry.
 */
export function useVisibleSites() {
  return useQuery(queryOf(api.sites.visible));
}
