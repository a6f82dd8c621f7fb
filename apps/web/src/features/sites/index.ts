/** The properties feature's public entry: property lists and their actions. */
export { SiteAccordion } from './components/SiteAccordion';
export { SiteCounts } from './components/SiteCounts';
export { SitesLoadFailed, SitesSkeleton } from './components/SitesStatus';
export { useBusinessSites, useVisibleSites } from './hooks';
export type { SiteActions } from './siteActions';
export { useSiteActions } from './useSiteActions';
