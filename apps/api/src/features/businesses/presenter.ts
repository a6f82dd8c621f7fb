import type { BusEntity, BusEntityWithSites } from '@portal/contract';
import type { BusinessWithSitesRow } from './queries';

export function presentBusiness(row: { id: number; legalName: string }): BusEntity {
  return { busEntityID: row.id, legalName: row.legalName };
}

export function presentBusinessWithSites(row: BusinessWithSitesRow): BusEntityWithSites {
  return {
    busEntityID: row.id,
    legalName: row.legalName,
    anySiteContains: row.anySiteContains,
    sites: row.sites.map((site) => ({ siteID: site.id, sitePublicName: site.name })),
  };
}
