import { type SiteWithStats, siteForm } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { billingSameAsPhysical, nextFreePartner, siteFormDefaults, siteRequest } from './siteFormValues';

const partners = [
  { partnerID: 1, partnerName: 'Campspot', used: false },
  { partnerID: 3, partnerName: 'Dockwa', used: false },
];

const site: SiteWithStats = {
  siteID: 7,
  sitePublicName: 'Pine Lake RV Resort',
  siteBillingName: null,
  physicalAddrLine1: '1 Lake Road',
  physicalAddrLine2: null,
  physicalCity: 'Moab',
  physicalZip: '84532',
  fk_PhysicalStateID: 45,
  fk_PhysicalStateName: 'Utah',
  fk_PhysicalCountryID: 236,
  billingAddrLine1: null,
  billingAddrLine2: null,
  billingCity: null,
  billingZip: null,
  fk_BillingCountryID: null,
  fk_BillingStateID: null,
  fk_BillingStateName: null,
  timeZone: 'America/Denver',
  defaultCheckoutTime: '11:00',
  excludeFromMonitoring: false,
  inCheckOutState: false,
  fk_BusEntityID: 1,
  busEntityName: 'Lakeside',
  partnerIDs: [1],
  propertyKey: null,
  integrations: [{ partnerID: 1, partnerName: 'Campspot', propertyKey: 'CampspotOldName' }],
  totalLocations: 0,
  activeLocations: 0,
  inUseLocations: 0,
  outOfServiceLocations: 0,
  missingDevices: 0,
  openAlerts: 0,
};

describe('the property form', () => {
  it('starts a new property in the United States with the default settings, valid once named and addressed', () => {
    const values = siteFormDefaults({ busEntityID: 2, timeZone: 'America/Chicago' });
    expect(values).toMatchObject({
      siteID: 0,
      fk_BusEntityID: 2,
      fk_PhysicalCountryID: 236,
      fk_PhysicalStateID: 2,
      dayStart: '09:00',
      dayEnd: '18:00',
      weekStart: 1,
      billingRate: 0,
      waterBillingRate: 0,
      defaultCheckoutTime: '11:00',
    });
    const filled = {
      ...values,
      sitePublicName: 'New',
      physicalAddrLine1: 'A',
      physicalCity: 'B',
      physicalZip: '12345-',
    };
    const parsed = siteForm.safeParse(filled);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.physicalZip).toBe('12345');
    expect(parsed.data?.billingCity).toBeNull();
  });

  it('treats an empty or repeated billing address as the physical one', () => {
    expect(billingSameAsPhysical(site)).toBe(true);
    expect(
      billingSameAsPhysical({
        ...site,
        billingAddrLine1: '1 Lake Road',
        billingCity: 'Moab',
        billingZip: '84532',
        fk_BillingStateID: 45,
        fk_BillingCountryID: 236,
      }),
    ).toBe(true);
    expect(billingSameAsPhysical({ ...site, billingAddrLine1: 'PO Box 5' })).toBe(false);
  });

  it('copies the physical address into the billing one and keeps stored integration keys', () => {
    const values = siteForm.parse({
      ...siteFormDefaults({ site }),
      integrations: [
        { partnerID: 1, propertyKey: 'CampspotOldName' },
        { partnerID: 3, propertyKey: null },
      ],
    });
    const request = siteRequest(values, { sameAsPhysical: true, partners, stateAbbreviation: 'UT' });
    expect(request).toMatchObject({
      siteID: 7,
      billingAddrLine1: '1 Lake Road',
      billingCity: 'Moab',
      billingZip: '84532',
      fk_BillingStateID: 45,
      fk_BillingCountryID: 236,
      integrations: [
        { partnerID: 1, propertyKey: 'CampspotOldName' },
        { partnerID: 3, propertyKey: 'DockwaPineLakeRvResortUt' },
      ],
    });
  });

  it('keeps a billing address of its own', () => {
    const values = siteForm.parse({ ...siteFormDefaults({ site }), billingAddrLine1: 'PO Box 5', billingCity: 'Moab' });
    expect(siteRequest(values, { sameAsPhysical: false, partners, stateAbbreviation: 'UT' })).toMatchObject({
      billingAddrLine1: 'PO Box 5',
      billingZip: null,
    });
  });

  it('offers the next unused partner', () => {
    expect(nextFreePartner(partners, [{ partnerID: 1 }])?.partnerID).toBe(3);
    expect(nextFreePartner(partners, [{ partnerID: 1 }, { partnerID: 3 }])).toBeUndefined();
  });
});
