import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type SiteWithStats } from '@portal/contract';
import { featureKey, keyOf } from '../../lib/api';
import { type BodyOf, client, queryOf } from '../../lib/client';
import type { SiteRequest } from './siteFormValues';

const REFERENCE_STALE_MS = 60 * 60_000;

/** The properties of one business entity (Admin Panel), fetched when its panel opens. */
export function useBusinessSites(busEntityID: number, enabled = true) {
  return useQuery({
    ...queryOf(api.sites.ofBusiness, { query: { busEntityID } }),
    enabled,
  });
}

/** Rates, day start and end, week start of a property (the defaults until first saved). */
export function useSiteSetting(siteID: number, enabled = true) {
  return useQuery({
    ...queryOf(api.sites.settings, { query: { id: siteID } }),
    enabled: enabled && siteID > 0,
    // Dialogs open on what the server holds now, never on a copy from an earlier opening.
    gcTime: 0,
  });
}

export function usePartners(siteID: number) {
  return useQuery({
    ...queryOf(api.sites.partners, { query: { siteID } }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useCountries() {
  return useQuery({
    ...queryOf(api.lookups.countries),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** The states of a country; reloaded whenever the country changes. */
export function useStates(countryID: number | null | undefined) {
  return useQuery({
    ...queryOf(api.lookups.states, { query: { countryID: countryID ?? 0 } }),
    enabled: typeof countryID === 'number' && countryID > 0,
    staleTime: REFERENCE_STALE_MS,
    retry: false,
  });
}

export function useTimeZones() {
  return useQuery({
    ...queryOf(api.lookups.timeZones),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** id/value of the business entities the user sees (the business picker of the property form). */
export function useBusinessLookup(enabled = true) {
  return useQuery({
    ...queryOf(api.businesses.lookup),
    enabled,
  });
}

/**
 * Everything that shows a property: every query of the properties' calls (the lists, a
 * property's settings and partners, the lookups) and of the businesses' (the Admin Panel's accordion).
 */
function useRefreshSites() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: featureKey(api.sites) });
    void queryClient.invalidateQueries({ queryKey: featureKey(api.businesses) });
  };
}

/** Writes a change into every cached list of properties (My Properties, a business's in the Admin Panel). */
function updateLists(queryClient: QueryClient, update: (site: SiteWithStats) => SiteWithStats) {
  for (const list of [api.sites.visible, api.sites.ofBusiness]) {
    queryClient.setQueriesData<SiteWithStats[]>({ queryKey: keyOf(list) }, (sites) => sites?.map(update));
  }
}

/**
 * Creates the property when siteID is 0, else updates it; answers the saved
 * property and the server's text. A saved property replaces its copy in every cached list
 * at once; the lists are then refreshed from the server.
 */
export function useSaveSite() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSites();
  return useMutation({
    mutationFn: async (form: SiteRequest) => {
      const answer = form.siteID
        ? await client.sites.update({ body: form })
        : await client.sites.create({ body: { ...form, siteID: 0 } });
      return { site: answer.result, message: answer.message };
    },
    onSuccess: ({ site }) => {
      updateLists(queryClient, (cached) => (cached.siteID === site.siteID ? site : cached));
      refresh();
    },
  });
}

export function useSaveSiteSetting() {
  const refresh = useRefreshSites();
  return useMutation({
    mutationFn: async (form: BodyOf<typeof api.sites.saveSettings>) => {
      const answer = await client.sites.saveSettings({ body: form });
      return { setting: answer.result, message: answer.message };
    },
    onSuccess: () => refresh(),
  });
}

/** Deleting archives the property on the server: it leaves every list. */
export function useDeleteSite() {
  const refresh = useRefreshSites();
  return useMutation({
    mutationFn: async (siteID: number) => (await client.sites.remove({ query: { id: siteID } })).message,
    onSuccess: () => refresh(),
  });
}

/**
 * Monitoring on or off for a property. The answer is written into every cached list at once,
 * then the lists are refreshed from the server.
 */
export function useSiteMonitoring() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSites();
  return useMutation({
    mutationFn: async (input: { siteID: number; excludeFromMonitoring: boolean }) => {
      const answer = await client.sites.setMonitoring({ body: input });
      return { monitoring: answer.result, message: answer.message };
    },
    onSuccess: ({ monitoring }) => {
      updateLists(queryClient, (site) =>
        site.siteID === monitoring.siteID ? { ...site, excludeFromMonitoring: monitoring.excludeFromMonitoring } : site,
      );
      refresh();
    },
  });
}
