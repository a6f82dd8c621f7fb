import type { LocationRow, LocationsPage, ServicePointRow, SiteWithStats, SystemAlert } from '@portal/contract';

/** Small builders of the rows the server answers; each takes the fields a test cares about. */
export function meterRow(id: number, overrides: Partial<ServicePointRow> = {}): ServicePointRow {
  return {
    servicePointID: id,
    servicePointName: `E${String(id).padStart(6, '0')}`,
    deviceKey: `dk-${id}`,
    readByHand: false,
    deviceTypeDisplayName: 'Electric meter',
    fk_DeviceTypeGroupId: 1,
    fk_DeviceTypeId: 1,
    fk_DeviceTypeName: 'Electric',
    unit: 'kWh',
    supportsResetReading: true,
    activeInd: 1,
    activeIndName: 'Available',
    excludeFromMonitoring: false,
    isMissingDevice: false,
    lastSeenDT: null,
    kwhTotal: 100,
    deviceControlRequestedState: null,
    resultCode: null,
    servicePointCapabilities: [
      {
        servicePointCapabilityID: id * 10,
        status: 0,
        apiCapabilityResponse: null,
        capability: { capabilityID: 1, displayName: 'Power', capabilityType: 1 },
      },
    ],
    usage: null,
    lastRefusal: null,
    ...overrides,
  };
}

export function locationRow(id: number, overrides: Partial<LocationRow> = {}): LocationRow {
  return {
    locationID: id,
    fk_SiteID: 1,
    locationDescription: `Site ${id}`,
    locationPublicName: `L${id}`,
    accountNumber: null,
    locationType: null,
    locationTypeName: null,
    autoCheckoutDateTime: null,
    isCheckedInState: false,
    isRetryState: false,
    deleted: false,
    guestName: null,
    servicePoints: [meterRow(id)],
    ...overrides,
  };
}

/** A property as the locations area needs it. */
export const site: Pick<
  SiteWithStats,
  'siteID' | 'sitePublicName' | 'timeZone' | 'defaultCheckoutTime' | 'fk_BusEntityID'
> = {
  siteID: 1,
  sitePublicName: 'Pine Lake',
  timeZone: 'America/Phoenix',
  defaultCheckoutTime: '11:00',
  fk_BusEntityID: 3,
};

/** A system alert: a missing meter at Pine Lake (Denver). */
export const systemAlert = (over: Partial<SystemAlert> = {}): SystemAlert => ({
  alertID: 1,
  kind: 'missingDevice',
  params: { meter: 'E000001', site: 'Pine Lake', location: 'A-12', since: '2026-11-10T15:30:00Z' },
  siteID: 1,
  timeZone: 'America/Denver',
  createdAt: '2026-11-10T16:00:00Z',
  ...over,
});

/** A page of a property's locations table holding these rows, its counts all zero. */
export const locationsPageOf = (rows: LocationRow[]): LocationsPage => ({
  rows,
  pageIndex: 0,
  total: rows.length,
  propertyTotal: rows.length,
  statusCounts: { checkedIn: 0, vacant: 0, vacantWithUsage: 0, missing: 0, outOfService: 0, excluded: 0 },
  selectable: { all: 0, allMeters: 0, electric: 0, water: 0, cubes: 0, dataCollectors: 0 },
});

/** A property of the caller's list, as the visible properties list answers it (the Alerts page, a property's pages). */
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
