/**
 * Query keys of properties. Every list of properties starts with 'sites' and one property
 * with ['site', siteId], so that live updates and saves refresh them by prefix.
 */
export const siteKeys = {
  lists: ['sites'] as const,
  visible: ['sites', 'visible'] as const,
  ofBusiness: (busEntityID: number) => ['sites', 'business', busEntityID] as const,
  one: (siteID: number) => ['site', siteID] as const,
  settings: (siteID: number) => ['site', siteID, 'settings'] as const,
  partners: (siteID: number) => ['site', siteID, 'partners'] as const,
};

/** Business entities: the Admin Panel's accordion and the lookup (the route table's `businesses` calls). */
export const businessKeys = {
  all: ['businesses'] as const,
  withSites: (keyword: string) => ['businesses', 'withSites', keyword] as const,
};
