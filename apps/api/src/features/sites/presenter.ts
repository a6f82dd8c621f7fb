import {
  DEFAULT_DAY_END,
  DEFAULT_DAY_START,
  type SiteIntegration,
  type SitePartner,
  type SiteSetting,
  type SiteWithStats,
} from '@portal/contract';
import type { siteSettings } from '../../db/schema';
import type { SiteStatsRow } from './list-queries';

/** 'HH:mm' of a PostgreSQL time ('HH:MM:SS'). */
const hhmm = (time: string) => time.slice(0, 5);

export function presentIntegration(row: { partnerId: number; partnerName: string; key: string }): SiteIntegration {
  return { partnerID: row.partnerId, partnerName: row.partnerName, propertyKey: row.key };
}

export function presentSite(row: SiteStatsRow): SiteWithStats {
  return {
    siteID: row.id,
    sitePublicName: row.publicName,
    siteBillingName: row.billingName,
    physicalAddrLine1: row.physicalAddrLine1,
    physicalAddrLine2: row.physicalAddrLine2,
    physicalCity: row.physicalCity,
    physicalZip: row.physicalZip,
    fk_PhysicalStateID: row.physicalStateId,
    fk_PhysicalStateName: row.physicalStateName,
    fk_PhysicalCountryID: row.physicalCountryId,
    billingAddrLine1: row.billingAddrLine1,
    billingAddrLine2: row.billingAddrLine2,
    billingCity: row.billingCity,
    billingZip: row.billingZip,
    fk_BillingCountryID: row.billingCountryId,
    fk_BillingStateID: row.billingStateId,
    fk_BillingStateName: row.billingStateName,
    timeZone: row.timeZone,
    defaultCheckoutTime: hhmm(row.defaultCheckoutTime),
    excludeFromMonitoring: row.excludeFromMonitoring,
    inCheckOutState: row.inCheckOutState,
    fk_BusEntityID: row.busEntityId,
    busEntityName: row.busEntityName,
    partnerIDs: row.integrations.map((i) => i.partnerId),
    propertyKey: row.propertyKey,
    integrations: row.integrations.map(presentIntegration),
    totalLocations: row.totalLocations,
    activeLocations: row.activeLocations,
    inUseLocations: row.inUseLocations,
    outOfServiceLocations: row.outOfServiceLocations,
    missingDevices: row.missingDevices,
    openAlerts: row.openAlerts,
  };
}

type SettingRow = typeof siteSettings.$inferSelect;

/** The stored settings, or the specification's defaults for a property that has none yet. */
export function presentSetting(siteId: number, row: SettingRow | null): SiteSetting {
  if (!row) {
    return {
      siteSettingID: 0,
      fk_SiteID: siteId,
      weekStart: 1,
      billingRate: 0,
      waterBillingRate: 0,
      dayStart: DEFAULT_DAY_START,
      dayEnd: DEFAULT_DAY_END,
      active: true,
      createDT: null,
    };
  }
  return {
    siteSettingID: row.id,
    fk_SiteID: row.siteId,
    weekStart: row.weekStart,
    billingRate: Number(row.billingRate),
    waterBillingRate: Number(row.waterBillingRate),
    dayStart: hhmm(row.dayStart),
    dayEnd: hhmm(row.dayEnd),
    active: row.active,
    createDT: row.createdAt.toISOString(),
  };
}

export function presentPartner(partner: { id: number; name: string }, usedIds: ReadonlySet<number>): SitePartner {
  return { partnerID: partner.id, partnerName: partner.name, used: usedIds.has(partner.id) };
}
