/** The properties feature's public entry: property lists and their actions, and their live events. */
export { SiteAccordion } from './components/SiteAccordion';
export { SitesLoadFailed, SitesSkeleton } from './components/SitesStatus';
export { useBusinessSites } from './hooks';
export type { SiteActions } from './siteActions';
export { useSiteActions } from './useSiteActions';
export { sitesLive } from './live';
