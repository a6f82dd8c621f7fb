import { z } from 'zod';
import { Country, TIME_STEP_MINUTES } from './constants';
import { idParam, whenValid } from './fields';
import type { MessageCode } from './messages';

/** Properties (sites), their settings and integrations: the rules of properties section 5. */

// ---------------------------------------------------------------- zip and postal codes

const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/;
const ZIP_MAX = 20;

/** Trims spaces and the hyphen a half-filled 99999-9999 mask leaves at the end. */
export function normalizeZip(zip: string): string {
  return zip.trim().replace(/-+$/, '').trimEnd();
}

/**
 * The message the property form shows when a zip loses focus, or null when the zip fits
 * its country: 236 takes 12345 or 12345-6789, 40 a Canadian postal code (A1A 1A1, the
 * space optional or a hyphen). Other countries have no format.
 */
export function zipFormatMessage(countryId: number | null | undefined, zip: string): MessageCode | null {
  const value = normalizeZip(zip);
  if (countryId === Country.UnitedStates) return US_ZIP.test(value) ? null : 'zipFormat';
  if (countryId === Country.Canada) return CA_POSTAL.test(value) ? null : 'postalFormat';
  return null;
}

// ---------------------------------------------------------------- integration keys

/**
 * The key a partner knows a property by: partner name, property name and state
 * abbreviation, split into words, each word with an initial capital and the rest lower
 * case, joined without spaces. Apostrophes are dropped (Mary's -> Marys), accents
 * stripped (Québec -> Quebec), and any other character that is not a letter or a digit
 * separates words. 'Campspot', 'pine lake rv resort', 'AZ' -> 'CampspotPineLakeRvResortAz'.
 */
export function integrationKey(partnerName: string, propertyName: string, stateAbbreviation: string): string {
  return [partnerName, propertyName, stateAbbreviation]
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('');
}

export const INTEGRATION_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
const KEY_MAX = 200;

// ---------------------------------------------------------------- field rules

/** What the numeric(12,2) rate columns hold. */
export const RATE_MAX = 9_999_999_999.99;

/** A rate per kWh or per gallon: at least 0, at most two decimals. */
export const rateField = (required: MessageCode) =>
  z
    .number({ error: required })
    .min(0, 'invalidValue')
    .max(RATE_MAX, 'invalidValue')
    .refine((value) => Number(value.toFixed(2)) === value, 'invalidDecimal');

const TIME_INPUT = /^(?:\d{4}-\d{2}-\d{2}T)?([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?$/;

/**
 * 'HH:mm' of a time input on the 15-minute step, or null. Accepts 'HH:mm', 'HH:mm:ss'
 * and a local date-time without zone ('2024-05-01T09:00:00'), which the original client sends.
 */
export function parseTimeOfDay(value: string): string | null {
  const match = TIME_INPUT.exec(value.trim());
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if (Number(minutes) % TIME_STEP_MINUTES !== 0 || Number(seconds ?? 0) !== 0) return null;
  return `${hours}:${minutes}`;
}

/** A time of day on the 15-minute step, answered as 'HH:mm'. */
export const timeOfDayField = (message: MessageCode) =>
  z
    .string({ error: message })
    .refine((value) => parseTimeOfDay(value) !== null, message)
    .transform((value) => parseTimeOfDay(value) ?? value);

export const weekStartField = (message: MessageCode) =>
  z.number({ error: message }).int(message).min(1, message).max(7, message);

const requiredText = (message: MessageCode, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, 'maxLength');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'maxLength')
    .nullish()
    .transform((value) => value || null);
const requiredId = (message: MessageCode) => z.int32({ error: message }).positive(message);
const optionalId = z
  .int32('fieldNotValid')
  .positive('fieldNotValid')
  .nullish()
  .transform((value) => value ?? null);
const optionalKey = optionalText(KEY_MAX).refine(
  (value) => value === null || INTEGRATION_KEY_PATTERN.test(value),
  'fieldNotValid',
);

type DayRange = { dayStart: string; dayEnd: string };

/** Day End cannot precede Day Start (both 'HH:mm'). */
function dayOrder(value: DayRange, ctx: z.RefinementCtx): void {
  if (value.dayEnd < value.dayStart) {
    ctx.addIssue({ code: 'custom', path: ['dayEnd'], message: 'dayEndBeforeStart' satisfies MessageCode });
  }
}
const dayFields = whenValid(['dayStart', 'dayEnd']);

// ---------------------------------------------------------------- property settings

export const siteSettingRequest = z
  .object({
    fk_SiteID: requiredId('fieldNotValid'),
    weekStart: weekStartField('selectWeekStart'),
    billingRate: rateField('selectElectricRate'),
    waterBillingRate: rateField('selectWaterRate'),
    dayStart: timeOfDayField('selectDayStart'),
    dayEnd: timeOfDayField('selectDayEnd'),
    active: z.boolean().default(true),
  })
  .superRefine(dayOrder, dayFields);
export type SiteSettingRequest = z.infer<typeof siteSettingRequest>;

export const siteSetting = z.object({
  /** 0 until the property's settings are first saved (the defaults are answered). */
  siteSettingID: z.int32(),
  fk_SiteID: z.int32(),
  weekStart: z.int32(),
  billingRate: z.number(),
  waterBillingRate: z.number(),
  dayStart: z.string(),
  dayEnd: z.string(),
  active: z.boolean(),
  createDT: z.string().nullable(),
});
export type SiteSetting = z.infer<typeof siteSetting>;

// ---------------------------------------------------------------- the property form

export const integrationInput = z.object({
  partnerID: requiredId('fieldNotValid'),
  /** Empty: the server derives it with `integrationKey`. */
  propertyKey: optionalKey,
});

const siteFields = {
  siteID: z.int32('fieldNotValid').min(0, 'fieldNotValid').default(0),
  fk_BusEntityID: requiredId('selectBusiness'),
  sitePublicName: requiredText('providePropertyName', 150),
  siteBillingName: optionalText(150),
  physicalAddrLine1: requiredText('requiredField', 200),
  physicalAddrLine2: optionalText(200),
  physicalCity: requiredText('requiredField', 100),
  physicalZip: z
    .string({ error: 'requiredField' })
    .max(ZIP_MAX, 'maxLength')
    .transform(normalizeZip)
    .pipe(z.string().min(1, 'requiredField')),
  fk_PhysicalStateID: requiredId('requiredField'),
  fk_PhysicalCountryID: requiredId('requiredField'),
  billingAddrLine1: optionalText(200),
  billingAddrLine2: optionalText(200),
  billingCity: optionalText(100),
  billingZip: optionalText(ZIP_MAX).transform((value) => (value === null ? null : normalizeZip(value) || null)),
  fk_BillingStateID: optionalId,
  fk_BillingCountryID: optionalId,
  timeZone: requiredText('requiredField', 64),
  /** Time of day in the property's own time zone. */
  defaultCheckoutTime: timeOfDayField('fieldNotValid'),
  propertyKey: optionalKey,
  billingRate: rateField('selectElectricRate'),
  waterBillingRate: rateField('selectWaterRate'),
  dayStart: timeOfDayField('validStartTime'),
  dayEnd: timeOfDayField('validEndTime'),
  weekStart: weekStartField('validWeekStart'),
  integrations: z.array(integrationInput).max(50, 'maxLength').default([]),
};

type SiteRuleInput = DayRange & {
  physicalZip: string;
  fk_PhysicalCountryID: number;
  billingZip: string | null;
  fk_BillingCountryID: number | null;
  integrations: Array<{ partnerID: number }>;
};

function physicalZipRule(form: SiteRuleInput, ctx: z.RefinementCtx): void {
  if (zipFormatMessage(form.fk_PhysicalCountryID, form.physicalZip)) {
    ctx.addIssue({ code: 'custom', path: ['physicalZip'], message: 'physicalZipInvalid' satisfies MessageCode });
  }
}

/** The specification names no submit text for the billing zip: it keeps the format message shown on blur. */
function billingZipRule(form: SiteRuleInput, ctx: z.RefinementCtx): void {
  const message = form.billingZip ? zipFormatMessage(form.fk_BillingCountryID, form.billingZip) : null;
  if (message) ctx.addIssue({ code: 'custom', path: ['billingZip'], message });
}

function partnerOnce(form: SiteRuleInput, ctx: z.RefinementCtx): void {
  const seen = new Set<number>();
  form.integrations.forEach((integration, index) => {
    if (seen.has(integration.partnerID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['integrations', index, 'partnerID'],
        message: 'partnerOncePerProperty' satisfies MessageCode,
      });
    }
    seen.add(integration.partnerID);
  });
}

/** The property's rules across fields, each beside the problems of the other fields. */
function withSiteRules<S extends z.ZodType<SiteRuleInput>>(schema: S): S {
  return schema
    .superRefine(physicalZipRule, whenValid(['physicalZip', 'fk_PhysicalCountryID']))
    .superRefine(billingZipRule, whenValid(['billingZip', 'fk_BillingCountryID']))
    .superRefine(dayOrder, dayFields)
    .superRefine(partnerOnce, whenValid(['integrations']));
}

/** The Add/Edit Property dialog: the property, its settings and its integrations. */
export const siteForm = withSiteRules(z.object(siteFields));
export type SiteForm = z.input<typeof siteForm>;

/** The body of `api.sites.create`: siteID 0. */
export const createSiteRequest = withSiteRules(
  z.object({ ...siteFields, siteID: z.literal(0, { error: 'fieldNotValid' }).default(0) }),
);
export type CreateSiteRequest = z.infer<typeof createSiteRequest>;

/** The body of `api.sites.update`: the id of the property to change. */
export const updateSiteRequest = withSiteRules(z.object({ ...siteFields, siteID: requiredId('fieldNotValid') }));
export type SaveSiteRequest = z.infer<typeof updateSiteRequest> | CreateSiteRequest;

export const siteMonitoringRequest = z.object({
  siteID: requiredId('fieldNotValid'),
  excludeFromMonitoring: z.boolean({ error: 'fieldNotValid' }),
});

// ---------------------------------------------------------------- queries and answers

/** The query of `api.sites.remove` and `api.sites.settings`. */
export const siteByIdQuery = z.object({ id: idParam });
/** The caller's own scope decides what is listed; the id is accepted for the original client. */
export const sitesOfUserQuery = z.object({ userAccountID: idParam.optional() });

export const siteIntegration = z.object({
  partnerID: z.int32(),
  partnerName: z.string(),
  propertyKey: z.string(),
});
export type SiteIntegration = z.infer<typeof siteIntegration>;

/** A partner for the Integrations section; `used` when the property already has it. */
export const sitePartner = z.object({ partnerID: z.int32(), partnerName: z.string(), used: z.boolean() });
export type SitePartner = z.infer<typeof sitePartner>;

/** A property as My Properties and the Admin Panel show it, with its location counts. */
export const siteWithStats = z.object({
  siteID: z.int32(),
  sitePublicName: z.string(),
  siteBillingName: z.string().nullable(),
  physicalAddrLine1: z.string(),
  physicalAddrLine2: z.string().nullable(),
  physicalCity: z.string(),
  physicalZip: z.string(),
  fk_PhysicalStateID: z.int32(),
  fk_PhysicalStateName: z.string(),
  fk_PhysicalCountryID: z.int32(),
  billingAddrLine1: z.string().nullable(),
  billingAddrLine2: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingZip: z.string().nullable(),
  fk_BillingCountryID: z.int32().nullable(),
  fk_BillingStateID: z.int32().nullable(),
  fk_BillingStateName: z.string().nullable(),
  timeZone: z.string(),
  /** 'HH:mm' in the property's time zone. */
  defaultCheckoutTime: z.string(),
  excludeFromMonitoring: z.boolean(),
  inCheckOutState: z.boolean(),
  fk_BusEntityID: z.int32(),
  busEntityName: z.string(),
  partnerIDs: z.array(z.int32()),
  propertyKey: z.string().nullable(),
  integrations: z.array(siteIntegration),
  /** Every location of the property, deleted ones included. */
  totalLocations: z.int32(),
  /** Locations not deleted. */
  activeLocations: z.int32(),
  /** Live locations with a guest checked in. */
  inUseLocations: z.int32(),
  /** Live locations with a meter whose activeInd is not 1. */
  outOfServiceLocations: z.int32(),
  /** Meters of live locations that report isMissingDevice. */
  missingDevices: z.int32(),
  /** Alerts of the property raised and not yet acknowledged or resolved. */
  openAlerts: z.int32(),
});
export type SiteWithStats = z.infer<typeof siteWithStats>;

export const siteMonitoring = z.object({ siteID: z.int32(), excludeFromMonitoring: z.boolean() });
