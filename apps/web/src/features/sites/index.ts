/** The properties feature's public entry: property lists, their actions and the businesses' query keys. */
export { SiteAccordion } from './components/SiteAccordion';
export { SiteCounts } from './components/SiteCounts';
export { SitesLoadFailed, SitesSkeleton } from './components/SitesStatus';
export { useBusinessSites, useVisibleSites } from './hooks';
export { businessKeys } from './queryKeys';
export type { SiteActions } from './siteActions';
export { useRole } from './useRole';
export { useSiteActions } from './useSiteActions';
