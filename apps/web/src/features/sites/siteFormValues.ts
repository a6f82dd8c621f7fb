import {
  type api,
  DEFAULT_COUNTRY_ID,
  DEFAULT_DAY_END,
  DEFAULT_DAY_START,
  DEFAULT_PHYSICAL_STATE_ID,
  type SiteForm,
  type SitePartner,
  type SiteSetting,
  type SiteWithStats,
  integrationKey,
  siteForm,
} from '@portal/contract';
import { z } from 'zod';
import type { BodyOf } from '../../lib/client';

/** The selects of the form. Not chosen is null, never undefined: a Controller shows its default value for undefined. */
type Choice =
  'fk_BusEntityID' | 'fk_PhysicalStateID' | 'fk_PhysicalCountryID' | 'fk_BillingStateID' | 'fk_BillingCountryID';

/**
 * What the Add/Edit Property form holds: optional texts are '' (never null) so inputs stay
 * controlled, and a choice not made yet is null (the schema says when it is required).
 */
export type SiteFormValues = Omit<SiteForm, Choice> & { [K in Choice]: number | null } & {
  siteBillingName: string;
  physicalAddrLine2: string;
  billingAddrLine1: string;
  billingAddrLine2: string;
  billingCity: string;
  billingZip: string;
  integrations: Array<{ partnerID: number; propertyKey: string | null }>;
};
export type SiteFormOutput = z.output<typeof siteForm>;

/**
 * The contract's property form (`siteForm`) over what the form holds: a choice not made yet
 * (null) goes to the schema as 0, which it refuses with the same message as a missing one.
 */
export const siteFormSchema = z
  .custom<SiteFormValues>()
  .transform((values): SiteForm => ({
    ...values,
    fk_BusEntityID: values.fk_BusEntityID ?? 0,
    fk_PhysicalStateID: values.fk_PhysicalStateID ?? 0,
    fk_PhysicalCountryID: values.fk_PhysicalCountryID ?? 0,
  }))
  .pipe(siteForm);

/** The body of `api.sites.update`, and of `api.sites.create` with siteID 0. */
export type SiteRequest = BodyOf<typeof api.sites.update>;

const DEFAULT_CHECKOUT_TIME = '11:00';
const DEFAULT_WEEK_START = 1;

/** The fields of a property's two addresses, part by part: the physical one, and the billing one when it differs. */
export const addressFields = {
  physical: {
    line1: 'physicalAddrLine1',
    line2: 'physicalAddrLine2',
    city: 'physicalCity',
    zip: 'physicalZip',
    state: 'fk_PhysicalStateID',
    country: 'fk_PhysicalCountryID',
  },
  billing: {
    line1: 'billingAddrLine1',
    line2: 'billingAddrLine2',
    city: 'billingCity',
    zip: 'billingZip',
    state: 'fk_BillingStateID',
    country: 'fk_BillingCountryID',
  },
} as const;
export type Address = keyof typeof addressFields;
export const addressParts = ['line1', 'line2', 'city', 'zip', 'state', 'country'] as const;

/** A property's billing address is "same as physical" when it has none of its own or repeats the physical one. */
export function billingSameAsPhysical(site: SiteWithStats | undefined): boolean {
  if (!site) return true;
  const { billing, physical } = addressFields;
  const values = addressParts.map((part) => [site[billing[part]], site[physical[part]]] as const);
  return values.every(([billing]) => billing === null) || values.every(([billing, physical]) => billing === physical);
}

/** The form of a new property (in the given business, when known) or of an existing one with its settings. */
export function siteFormDefaults(options: {
  site?: SiteWithStats;
  setting?: SiteSetting;
  busEntityID?: number;
  timeZone?: string;
}): SiteFormValues {
  const { site, setting } = options;
  const text = (value: string | null | undefined) => value ?? '';
  return {
    siteID: site?.siteID ?? 0,
    fk_BusEntityID: site?.fk_BusEntityID ?? options.busEntityID ?? null,
    sitePublicName: text(site?.sitePublicName),
    siteBillingName: text(site?.siteBillingName),
    physicalAddrLine1: text(site?.physicalAddrLine1),
    physicalAddrLine2: text(site?.physicalAddrLine2),
    physicalCity: text(site?.physicalCity),
    physicalZip: text(site?.physicalZip),
    fk_PhysicalStateID: site?.fk_PhysicalStateID ?? DEFAULT_PHYSICAL_STATE_ID,
    fk_PhysicalCountryID: site?.fk_PhysicalCountryID ?? DEFAULT_COUNTRY_ID,
    billingAddrLine1: text(site?.billingAddrLine1),
    billingAddrLine2: text(site?.billingAddrLine2),
    billingCity: text(site?.billingCity),
    billingZip: text(site?.billingZip),
    fk_BillingStateID: site?.fk_BillingStateID ?? null,
    fk_BillingCountryID: site?.fk_BillingCountryID ?? null,
    timeZone: site?.timeZone ?? options.timeZone ?? '',
    defaultCheckoutTime: site?.defaultCheckoutTime ?? DEFAULT_CHECKOUT_TIME,
    propertyKey: site?.propertyKey ?? null,
    billingRate: setting?.billingRate ?? 0,
    waterBillingRate: setting?.waterBillingRate ?? 0,
    dayStart: setting?.dayStart ?? DEFAULT_DAY_START,
    dayEnd: setting?.dayEnd ?? DEFAULT_DAY_END,
    weekStart: setting?.weekStart ?? DEFAULT_WEEK_START,
    integrations: (site?.integrations ?? []).map(({ partnerID, propertyKey }) => ({ partnerID, propertyKey })),
  };
}

/**
 * The key an integration row shows (read-only): the one stored for that partner, else the
 * one derived from partner name, property name and state abbreviation.
 */
export function rowIntegrationKey(
  row: { partnerID: number; propertyKey: string | null },
  partners: readonly SitePartner[],
  propertyName: string,
  stateAbbreviation: string,
): string {
  if (row.propertyKey) return row.propertyKey;
  const partner = partners.find((p) => p.partnerID === row.partnerID);
  return partner ? integrationKey(partner.partnerName, propertyName, stateAbbreviation) : '';
}

/** The first partner no row uses yet, for a new row. */
export function nextFreePartner(
  partners: readonly SitePartner[],
  rows: ReadonlyArray<{ partnerID: number }>,
): SitePartner | undefined {
  return partners.find((partner) => !rows.some((row) => row.partnerID === partner.partnerID));
}

/**
 * The request of a validated form: the billing address copies the physical one when
 * "same as physical" is ticked, and every integration carries the key the form showed.
 */
export function siteRequest(
  values: SiteFormOutput,
  options: { sameAsPhysical: boolean; partners: readonly SitePartner[]; stateAbbreviation: string },
): SiteRequest {
  const billing = options.sameAsPhysical
    ? {
        billingAddrLine1: values.physicalAddrLine1,
        billingAddrLine2: values.physicalAddrLine2,
        billingCity: values.physicalCity,
        billingZip: values.physicalZip,
        fk_BillingStateID: values.fk_PhysicalStateID,
        fk_BillingCountryID: values.fk_PhysicalCountryID,
      }
    : {};
  const integrations = values.integrations.map((row) => ({
    partnerID: row.partnerID,
    propertyKey:
      rowIntegrationKey(
        { partnerID: row.partnerID, propertyKey: row.propertyKey },
        options.partners,
        values.sitePublicName,
        options.stateAbbreviation,
      ) || null,
  }));
  return { ...values, ...billing, integrations };
}
