import type { AlertDetail, SiteWithStats } from '@portal/contract';

/** An alert as the list answers it: an open missing meter at Pine Lake (Phoenix, UTC-7). */
export function alertRow(alertID: number, overrides: Partial<AlertDetail> = {}): AlertDetail {
  return {
    alertID,
    kind: 'missingDevice',
    type: 'missingMeter',
    severity: 'critical',
    state: 'open',
    params: {
      meter: `E00000${alertID}`,
      site: 'Pine Lake',
      location: `Site ${alertID}`,
      since: '2026-11-05T18:00:00Z',
    },
    siteID: 3,
    timeZone: 'America/Phoenix',
    locationID: 100 + alertID,
    servicePointID: 200 + alertID,
    acknowledgedAt: null,
    acknowledgedBy: null,
    note: null,
    resolvedAt: null,
    resolvedBy: null,
    resolutionNote: null,
    createdAt: '2026-11-05T18:30:00.000Z',
    ...overrides,
  };
}

/** A property of the caller's list, as far as the Alerts page and the accordion read it. */
export function propertyRow(siteID: number, sitePublicName: string, overrides: Partial<SiteWithStats> = {}) {
  return {
    siteID,
    sitePublicName,
    siteBillingName: null,
    physicalAddrLine1: '1 Lake Rd',
    physicalAddrLine2: null,
    physicalCity: 'Phoenix',
    physicalZip: '85001',
    fk_PhysicalStateID: 3,
    fk_PhysicalStateName: 'AZ',
    fk_PhysicalCountryID: 1,
    billingAddrLine1: null,
    billingAddrLine2: null,
    billingCity: null,
    billingZip: null,
    fk_BillingCountryID: null,
    fk_BillingStateID: null,
    fk_BillingStateName: null,
    timeZone: 'America/Phoenix',
    defaultCheckoutTime: '11:00',
    excludeFromMonitoring: false,
    inCheckOutState: false,
    fk_BusEntityID: 1,
    busEntityName: 'Lakes Inc.',
    partnerIDs: [],
    propertyKey: null,
    integrations: [],
    totalLocations: 10,
    activeLocations: 10,
    inUseLocations: 2,
    outOfServiceLocations: 0,
    missingDevices: 1,
    openAlerts: 0,
    ...overrides,
  } satisfies SiteWithStats;
}
