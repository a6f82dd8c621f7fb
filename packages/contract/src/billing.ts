import { z } from 'zod';
import { idParam, whenValid } from './fields';
import type { MessageCode } from './messages';
import { readingPhotoRef } from './meters';

/**
 * Tariffs and statements. Money and prices travel as exact decimal text ("12.50", "0.1325"),
 * never as binary floats; an input may give a JSON number, which is read by its shortest
 * text (0.1 is "0.1"). Amounts have two decimals, prices up to six.
 */

const id = z.int32().positive();

/** Decimal text of at most `ints` integer digits and `scale` decimals; a JSON number by its shortest text. */
export function decimalInput(ints: number, scale: number) {
  const pattern = new RegExp(`^\\d{1,${ints}}(\\.\\d{1,${scale}})?$`);
  return z
    .union([z.string(), z.number()])
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .pipe(z.string().regex(pattern, 'invalidDecimal'))
    .transform(normalDecimal);
}

/** "007.50" → "7.5", "3.000" → "3". */
export function normalDecimal(text: string): string {
  const [int, frac = ''] = text.split('.');
  const whole = int!.replace(/^0+(?=\d)/, '');
  const part = frac.replace(/0+$/, '');
  return part ? `${whole}.${part}` : whole;
}

/** A price per kWh or per gallon. */
const price = decimalInput(5, 6);
/** An amount of money: a fee, a minimum charge. */
const amount = decimalInput(7, 2);
/** A tax rate in percent. */
const percent = decimalInput(3, 4).refine((v) => Number(v) <= 100, 'invalidValue');
const kwh = decimalInput(12, 6).refine((v) => Number(v) > 0, 'invalidValue');
const label = z.string().trim().min(1, 'requiredField').max(60, 'maxLength');

export const FEE_PERIODS = ['stay', 'night', '30days'] as const;
export type FeePeriod = (typeof FEE_PERIODS)[number];
export const TAX_BASES = ['utilities', 'fees', 'all'] as const;
export type TaxBase = (typeof TAX_BASES)[number];

export const DEFAULT_CURRENCY = 'USD';
const CURRENCY = /^[A-Z]{3}$/;

export const tariffVersionRequest = z
  .object({
    siteID: id,
    /** When it takes effect, ISO 8601 with an offset; not before now. Left out: now. */
    effectiveFrom: z.iso.datetime({ offset: true, error: 'fieldNotValid' }).optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(CURRENCY, 'fieldNotValid')
      .refine((c) => Intl.supportedValuesOf('currency').includes(c), 'fieldNotValid')
      .default(DEFAULT_CURRENCY),
    /** Per kWh: all of it, or what lies beyond the last block. */
    electricRate: price,
    /** Per US gallon. */
    waterRate: price,
    /** Blocks of a stay's kWh from 0 up, each `upToKwh` above the one before: the first 100 kWh at one price, … */
    electricBlocks: z
      .array(z.object({ upToKwh: kwh, rate: price }))
      .max(10, 'invalidValue')
      .refine((blocks) => blocks.every((b, i) => i === 0 || Number(b.upToKwh) > Number(blocks[i - 1]!.upToKwh)), {
        message: 'blocksAscending',
        ...whenValid(['upToKwh']),
      })
      .default([]),
    fees: z
      .array(z.object({ name: label, amount, per: z.enum(FEE_PERIODS, { error: 'fieldNotValid' }) }))
      .max(20, 'invalidValue')
      .default([]),
    /** The least a stay's electricity and water come to. */
    minimumCharge: amount.nullish().transform((v) => v ?? null),
    taxes: z
      .array(z.object({ name: label, percent, appliesTo: z.enum(TAX_BASES, { error: 'fieldNotValid' }) }))
      .max(10, 'invalidValue')
      .default([]),
  })
  .strict();
export type TariffVersionRequest = z.input<typeof tariffVersionRequest>;
export type TariffVersionInput = z.output<typeof tariffVersionRequest>;

/** A stored version: what it prices, from when, and who made it. */
export const tariffVersion = z.object({
  tariffVersionID: id,
  siteID: id,
  /** The property's own number for it: 1, 2, … in the order the versions take effect. */
  versionNumber: id,
  effectiveFrom: z.string(),
  /** In effect since the property was created (its first version): its moment says nothing more. */
  sinceCreation: z.boolean(),
  currency: z.string(),
  electricRate: z.string(),
  waterRate: z.string(),
  electricBlocks: z.array(z.object({ upToKwh: z.string(), rate: z.string() })),
  fees: z.array(z.object({ name: z.string(), amount: z.string(), per: z.enum(FEE_PERIODS) })),
  minimumCharge: z.string().nullable(),
  taxes: z.array(z.object({ name: z.string(), percent: z.string(), appliesTo: z.enum(TAX_BASES) })),
  createdAt: z.string(),
  /** The user who made it; null for a version written from the property's settings before tariffs existed. */
  createdBy: z.string().nullable(),
});
export type TariffVersion = z.infer<typeof tariffVersion>;

export const createdTariff = z.object({ tariffVersionID: id });

export const stayQuery = z.object({ stayID: idParam });
/** A stay's statement: its latest revision, or the one asked for. */
export const statementQuery = z.object({ stayID: idParam, revision: idParam.optional() });
export const stayBody = z.object({ stayID: id }).strict();
export const statementTokenQuery = z.object({ token: z.string().trim().min(1).max(64) });

/** A stay's statement in one figure, for the lists: its total and currency (so far, for an open stay). */
export const statementTotal = z.object({ total: z.string(), currency: z.string() });
export type StatementTotal = z.infer<typeof statementTotal>;

export const STATEMENT_LINE_KINDS = ['electric', 'water', 'fee', 'minimum', 'tax'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/**
 * A reset, replacement or rollover of a meter inside the stay (the meter-data rules), or a
 * suspect reading: a rise faster than the meter can deliver, not billed until staff decide it.
 */
export const statementMeterEvent = z.object({
  at: z.string(),
  kind: z.enum(['reset', 'baseline', 'rollover', 'suspect']),
  reading: z.string(),
  previous: z.string().nullable(),
});

export const statementMeter = z.object({
  servicePointID: id,
  meterName: z.string(),
  unit: z.enum(['kWh', 'gal']),
  openingReading: z.string().nullable(),
  /** The opening reading was not read off the meter but estimated (shown "Estimated"). */
  openingEstimated: z.boolean(),
  /** The level at check-out; an open stay's latest reading. */
  closingReading: z.string().nullable(),
  /** The closing reading was estimated; an actual read at its instant replaces it through a revision. */
  closingEstimated: z.boolean(),
  closingReadingAt: z.string().nullable(),
  usage: z.string(),
  /** Readings under review (suspect rises): their usage is not in `usage` and the statement may be revised. */
  underReview: z.int32(),
  events: z.array(statementMeterEvent),
});
export type StatementMeter = z.infer<typeof statementMeter>;

/** Why a frozen statement was revised (`revisionReason…` in the message catalogue). */
export const REVISION_REASONS = [
  'lateReading',
  'readingConfirmed',
  'readingDiscarded',
  'meterRateChanged',
  'ruleChanged',
  'estimateReplaced',
] as const;
export type StatementRevisionReason = (typeof REVISION_REASONS)[number];
/** The message that says why, for each reason. */
export const revisionReasonMessages = {
  lateReading: 'revisionReasonLateReading',
  readingConfirmed: 'revisionReasonReadingConfirmed',
  readingDiscarded: 'revisionReasonReadingDiscarded',
  meterRateChanged: 'revisionReasonMeterRateChanged',
  ruleChanged: 'revisionReasonRuleChanged',
  estimateReplaced: 'revisionReasonEstimateReplaced',
} as const satisfies Record<StatementRevisionReason, MessageCode>;

/**
 * A figure of a statement that a revision changed: a meter's (by its name) or a line's (by its
 * description), or the total. For `estimated`, which of a meter's readings were estimated
 * (`opening`, `closing`, `both`, or null for none).
 */
export const statementChange = z.object({
  item: z.string(),
  field: z.enum(['openingReading', 'closingReading', 'usage', 'underReview', 'estimated', 'amount', 'total']),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type StatementChange = z.infer<typeof statementChange>;

export const statementLine = z.object({
  kind: z.enum(STATEMENT_LINE_KINDS),
  /** The fee's or tax's name; for electricity and water their unit and block, for the minimum charge its name. */
  description: z.string(),
  /** kWh, gallons, nights, 30-day periods, or the base a tax applies to. */
  quantity: z.string(),
  /** The price per unit, a fee's amount, or a tax's percent. */
  unitPrice: z.string(),
  /** Rounded half-up to the cent. */
  amount: z.string(),
  /** For a block of electricity: the kWh it starts and ends at (null: no end). */
  block: z.object({ from: z.string(), upTo: z.string().nullable() }).optional(),
  /** For a fee: per stay, night or 30 days. */
  per: z.enum(FEE_PERIODS).optional(),
  /** For a tax: what it applies to. */
  appliesTo: z.enum(TAX_BASES).optional(),
});
export type StatementLine = z.infer<typeof statementLine>;

/** What a guest may see of a stay's bill (the public page). */
export const publicStatement = z.object({
  stayID: id,
  status: z.enum(['open', 'closed']),
  propertyName: z.string(),
  locationName: z.string(),
  /** The name printed on the pedestal. */
  locationPublicName: z.string(),
  timeZone: z.string(),
  checkInAt: z.string(),
  checkOutAt: z.string().nullable(),
  /** When the figures were taken: the check-out, or now for an open stay. */
  asOf: z.string(),
  nights: z.int32(),
  currency: z.string(),
  /** The version in effect at check-in, used for the whole stay; null when the property had none. */
  tariffVersionID: z.int32().nullable(),
  tariffEffectiveFrom: z.string().nullable(),
  /** The property's number for that version (`versionNumber`), worked out when the statement is read. */
  tariffVersionNumber: z.int32().nullable(),
  /** That version is in effect since the property was created (`sinceCreation`). */
  tariffSinceCreation: z.boolean(),
  meters: z.array(statementMeter),
  lines: z.array(statementLine),
  subtotal: z.string(),
  taxTotal: z.string(),
  total: z.string(),
  /** 1 as check-out froze it; each later change of its figures is a new revision, the old one kept. */
  revision: z.int32(),
  /** When and why this revision was made (null for the first), and what it changed. */
  revisedAt: z.string().nullable(),
  revisionReason: z.enum(REVISION_REASONS).nullable(),
  changes: z.array(statementChange),
});
export type PublicStatement = z.infer<typeof publicStatement>;

/** A revision of a stay's statement, as the staff's list of them shows it. */
export const statementRevisionSummary = z.object({
  revision: z.int32(),
  revisedAt: z.string().nullable(),
  revisionReason: z.enum(REVISION_REASONS).nullable(),
  total: z.string(),
});

/** The staff's statement: the guest's page and its link. */
export const stayStatement = publicStatement.extend({
  guestName: z.string().nullable(),
  /** The guest link, absolute (`PUBLIC_URL` + `/statement/{token}`); null once revoked or expired. */
  publicUrl: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  /** Every revision of the statement, newest first (one until it is revised after check-out). */
  revisions: z.array(statementRevisionSummary),
  /** When the link was revoked (a new one can be issued); null while it works or after it expired. */
  linkRevokedAt: z.string().nullable(),
  /** The photos of meter faces taken with the readings of the stay, its opening ones too (staff only). */
  photos: z.array(readingPhotoRef),
});
export type StayStatement = z.infer<typeof stayStatement>;

/** What check-out freezes of a statement: its figures, not the names around them. */
export type FrozenStatement = Pick<
  PublicStatement,
  | 'asOf'
  | 'nights'
  | 'currency'
  | 'tariffVersionID'
  | 'tariffEffectiveFrom'
  | 'meters'
  | 'lines'
  | 'subtotal'
  | 'taxTotal'
  | 'total'
  | 'revision'
  | 'revisedAt'
  | 'revisionReason'
  | 'changes'
>;

/**
 * A reading held back: a rise faster than its meter can deliver that the readings after it have
 * not decided (suspect), for staff to confirm as usage or discard.
 */
export const heldBackReading = z.object({
  servicePointID: id,
  servicePointName: z.string(),
  unit: z.enum(['kWh', 'gal']),
  readDateTime: z.string(),
  reading: z.string(),
  /** The meter's level before it: the total its rise is measured from. */
  previousReading: z.string().nullable(),
  /** What it would add if confirmed: the reading less that level. */
  rise: z.string().nullable(),
});
export type HeldBackReading = z.infer<typeof heldBackReading>;

/** Confirm or discard a reading held back, by its meter and instant. */
export const readingDecisionRequest = z
  .object({ servicePointID: id, readDateTime: z.iso.datetime({ offset: true, error: 'fieldNotValid' }) })
  .strict();
export type ReadingDecisionRequest = z.infer<typeof readingDecisionRequest>;
