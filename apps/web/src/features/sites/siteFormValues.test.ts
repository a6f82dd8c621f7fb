import { siteForm } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { propertyRow } from '../../test/fixtures';
import { billingSameAsPhysical, nextFreePartner, siteFormDefaults, siteRequest } from './siteFormValues';

const partners = [
  { partnerID: 1, partnerName: 'Campspot', used: false },
  { partnerID: 3, partnerName: 'Dockwa', used: false },
];

/** Pine Lake in Moab, Utah: no billing address of its own, a Campspot key stored under an old name. */
const site = propertyRow(7, 'Pine Lake RV Resort', {
  physicalAddrLine1: '1 Lake Road',
  physicalCity: 'Moab',
  physicalZip: '84532',
  fk_PhysicalStateID: 45,
  fk_PhysicalStateName: 'Utah',
  fk_PhysicalCountryID: 236,
  timeZone: 'America/Denver',
  partnerIDs: [1],
  integrations: [{ partnerID: 1, partnerName: 'Campspot', propertyKey: 'CampspotOldName' }],
});

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
