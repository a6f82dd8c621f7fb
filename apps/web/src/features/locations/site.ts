import type { SiteWithStats } from '@portal/contract';

/** What the locations area needs of its property (My Properties has all of it in its list). */
export type LocationsSite = Pick<
  SiteWithStats,
  'siteID' | 'sitePublicName' | 'timeZone' | 'defaultCheckoutTime' | 'fk_BusEntityID'
>;
