import { describe, expect, it } from 'vitest';
import { messageText } from './messages';
import {
  createSiteRequest,
  integrationKey,
  normalizeZip,
  parseTimeOfDay,
  siteForm,
  siteSettingRequest,
  updateSiteRequest,
  zipFormatMessage,
} from './sites';
import { problems } from './test/problems';

const validSite = {
  siteID: 0,
  fk_BusEntityID: 1,
  sitePublicName: 'Pine Lake RV Resort',
  physicalAddrLine1: '1 Shore Road',
  physicalCity: 'Flagstaff',
  physicalZip: '86001',
  fk_PhysicalStateID: 3,
  fk_PhysicalCountryID: 236,
  timeZone: 'America/Phoenix',
  defaultCheckoutTime: '11:00',
  billingRate: 0.15,
  waterBillingRate: 0.01,
  dayStart: '09:00',
  dayEnd: '18:00',
  weekStart: 1,
  integrations: [],
};

describe('zip and postal codes', () => {
  it.each([
    [236, '12345', null],
    [236, '12345-6789', null],
    [236, '12345-', null],
    [236, ' 12345 ', null],
    [236, '1234', 'Invalid ZIP code format. Use 12345 or 12345-6789.'],
    [236, '12345-678', 'Invalid ZIP code format. Use 12345 or 12345-6789.'],
    [236, 'K1A 0B1', 'Invalid ZIP code format. Use 12345 or 12345-6789.'],
    [40, 'K1A 0B1', null],
    [40, 'k1a0b1', null],
    [40, 'K1A-0B1', null],
    [40, 'K1A  0B1', 'Invalid postal code format.'],
    [40, '1KA 0B1', 'Invalid postal code format.'],
    [40, '12345', 'Invalid postal code format.'],
    [235, 'SW1A 1AA', null],
  ])('country %i, %j -> %s', (country, zip, message) => {
    const code = zipFormatMessage(country, zip);
    expect(code && messageText(code)).toBe(message);
  });

  it('trims the hyphen a half-filled mask leaves', () => {
    expect(normalizeZip('12345-')).toBe('12345');
    expect(normalizeZip('12345-6789')).toBe('12345-6789');
  });

  it('stores the zip without the trailing hyphen', () => {
    const parsed = siteForm.parse({ ...validSite, physicalZip: '86001-' });
    expect(parsed.physicalZip).toBe('86001');
  });
});

describe('integration keys', () => {
  it.each([
    ['Campspot', 'pine lake rv resort', 'AZ', 'CampspotPineLakeRvResortAz'],
    ['RMS Cloud', 'Bayfront Marina', 'MD', 'RmsCloudBayfrontMarinaMd'],
    ['Newbook', "St. Mary's  Harbor & Dock", 'ON', 'NewbookStMarysHarborDockOn'],
    ['Dockwa', 'Lac-Saint-Jean Québec', 'QC', 'DockwaLacSaintJeanQuebecQc'],
    ['Campspot', 'KOA 66', 'NM', 'CampspotKoa66Nm'],
  ])('%s + %s + %s -> %s', (partner, property, state, key) => {
    expect(integrationKey(partner, property, state)).toBe(key);
  });
});

describe('times of day', () => {
  it.each([
    ['09:00', '09:00'],
    ['09:15:00', '09:15'],
    ['2024-05-01T23:45:00', '23:45'],
    ['2024-05-01T06:30:00.000', '06:30'],
    ['09:10', null],
    ['09:00:30', null],
    ['24:00', null],
    ['9:00', null],
    ['', null],
  ])('%j -> %j', (input, expected) => expect(parseTimeOfDay(input)).toBe(expected));
});

describe('the property form', () => {
  it('accepts a complete property', () => expect(problems(siteForm, validSite)).toEqual([]));

  it.each([
    [{ sitePublicName: ' ' }, 'sitePublicName: Please provide Property Name'],
    [{ sitePublicName: undefined }, 'sitePublicName: Please provide Property Name'],
    [{ physicalAddrLine1: '' }, 'physicalAddrLine1: Required field'],
    [{ physicalCity: '' }, 'physicalCity: Required field'],
    [{ physicalZip: '' }, 'physicalZip: Required field'],
    [{ physicalZip: '8600' }, 'physicalZip: Invalid physical zip code entered.'],
    [{ physicalZip: 'K1A 0B1' }, 'physicalZip: Invalid physical zip code entered.'],
    [{ fk_PhysicalCountryID: 40, physicalZip: '86001' }, 'physicalZip: Invalid physical zip code entered.'],
    [{ fk_PhysicalStateID: 0 }, 'fk_PhysicalStateID: Required field'],
    [{ fk_PhysicalCountryID: null }, 'fk_PhysicalCountryID: Required field'],
    [{ timeZone: '' }, 'timeZone: Required field'],
    [{ fk_BusEntityID: 0 }, 'fk_BusEntityID: Please Select a Business Entity'],
    [{ dayStart: '' }, 'dayStart: Please provide a valid start time.'],
    [{ dayStart: '09:05' }, 'dayStart: Please provide a valid start time.'],
    [{ dayEnd: 'late' }, 'dayEnd: Please provide a valid end time.'],
    [{ dayStart: '18:15', dayEnd: '18:00' }, 'dayEnd: Day End cannot be before Day Start.'],
    [{ weekStart: 0 }, 'weekStart: Please select a valid week start day.'],
    [{ weekStart: 8 }, 'weekStart: Please select a valid week start day.'],
    [{ weekStart: undefined }, 'weekStart: Please select a valid week start day.'],
    [{ waterBillingRate: undefined }, 'waterBillingRate: Water (Gallons) Rate'],
    [{ billingRate: null }, 'billingRate: Please select Electric Kwh Rate'],
    [{ billingRate: -0.01 }, 'billingRate: Invalid value.'],
    [{ billingRate: 0.125 }, 'billingRate: Invalid decimal.'],
    [{ waterBillingRate: 10_000_000_000 }, 'waterBillingRate: Invalid value.'],
    [{ defaultCheckoutTime: '11:07' }, 'defaultCheckoutTime: Field is not valid'],
    [{ billingZip: '123', fk_BillingCountryID: 236 }, 'billingZip: Invalid ZIP code format. Use 12345 or 12345-6789.'],
    [{ billingZip: '123', fk_BillingCountryID: 40 }, 'billingZip: Invalid postal code format.'],
    [
      { integrations: [{ partnerID: 1 }, { partnerID: 2 }, { partnerID: 1 }] },
      'integrations.2.partnerID: Each partner can be chosen once per property.',
    ],
    [{ integrations: [{ partnerID: 1, propertyKey: 'has space' }] }, 'integrations.0.propertyKey: Field is not valid'],
  ])('%j -> %s', (change, message) => {
    expect(problems(siteForm, { ...validSite, ...change })).toEqual([message]);
  });

  it.each([
    [{ physicalZip: '8600' }, 'physicalZip: Invalid physical zip code entered.'],
    [{ fk_BillingCountryID: 40, billingZip: '123' }, 'billingZip: Invalid postal code format.'],
    [{ dayStart: '18:15', dayEnd: '18:00' }, 'dayEnd: Day End cannot be before Day Start.'],
    [
      { integrations: [{ partnerID: 1 }, { partnerID: 1 }] },
      'integrations.1.partnerID: Each partner can be chosen once per property.',
    ],
  ])('reports %j beside the required fields left empty', (change, message) => {
    const empty = { sitePublicName: '', physicalAddrLine1: '', physicalCity: '', fk_PhysicalStateID: null };
    expect(problems(siteForm, { ...validSite, ...empty, ...change })).toEqual([
      'sitePublicName: Please provide Property Name',
      'physicalAddrLine1: Required field',
      'physicalCity: Required field',
      'fk_PhysicalStateID: Required field',
      message,
    ]);
  });

  it('checks a zip against its country only once the country is chosen', () => {
    expect(problems(siteForm, { ...validSite, fk_PhysicalCountryID: null, physicalZip: '8600' })).toEqual([
      'fk_PhysicalCountryID: Required field',
    ]);
  });

  it('accepts rates with two decimals and a day that starts and ends at once', () => {
    expect(problems(siteForm, { ...validSite, billingRate: 0.29, waterBillingRate: 9_999_999_999.99 })).toEqual([]);
    expect(problems(siteForm, { ...validSite, dayStart: '10:00', dayEnd: '10:00' })).toEqual([]);
  });

  it('turns empty optional fields into null', () => {
    const parsed = siteForm.parse({
      ...validSite,
      siteBillingName: ' ',
      billingZip: '-',
      integrations: [{ partnerID: 1, propertyKey: '' }],
    });
    expect(parsed).toMatchObject({
      siteBillingName: null,
      billingZip: null,
      integrations: [{ partnerID: 1, propertyKey: null }],
    });
  });

  it('creates with siteID 0 and updates with the id of a property', () => {
    expect(problems(createSiteRequest, { ...validSite, siteID: 4 })).toEqual(['siteID: Field is not valid']);
    expect(problems(updateSiteRequest, { ...validSite, siteID: 0 })).toEqual(['siteID: Field is not valid']);
    expect(problems(updateSiteRequest, { ...validSite, siteID: 4 })).toEqual([]);
  });
});

describe('property settings', () => {
  const valid = {
    fk_SiteID: 1,
    weekStart: 7,
    billingRate: 0.12,
    waterBillingRate: 0,
    dayStart: '09:00',
    dayEnd: '18:00',
  };

  it('accepts settings and defaults active to true', () => {
    expect(siteSettingRequest.parse(valid)).toMatchObject({ active: true, weekStart: 7 });
  });

  it.each([
    [{ billingRate: undefined }, 'billingRate: Please select Electric Kwh Rate'],
    [{ waterBillingRate: undefined }, 'waterBillingRate: Water (Gallons) Rate'],
    [{ dayStart: undefined }, 'dayStart: Please select day start'],
    [{ dayEnd: '' }, 'dayEnd: Please select day end'],
    [{ weekStart: undefined }, 'weekStart: Please select week start'],
    [{ dayStart: '12:00', dayEnd: '11:45' }, 'dayEnd: Day End cannot be before Day Start.'],
    [{ dayEnd: '17:50' }, 'dayEnd: Please select day end'],
    [{ waterBillingRate: 1.001 }, 'waterBillingRate: Invalid decimal.'],
  ])('%j -> %s', (change, message) => {
    expect(problems(siteSettingRequest, { ...valid, ...change })).toEqual([message]);
  });

  it('says the day ends before it starts even when a rate is missing', () => {
    expect(
      problems(siteSettingRequest, { ...valid, billingRate: undefined, dayStart: '12:00', dayEnd: '11:45' }),
    ).toEqual(['billingRate: Please select Electric Kwh Rate', 'dayEnd: Day End cannot be before Day Start.']);
  });
});
