import {
  DEFAULT_CURRENCY,
  type FeePeriod,
  type FieldError,
  type TariffVersion,
  type TariffVersionRequest,
  type TaxBase,
  tariffVersionRequest,
} from '@portal/contract';
import { type FieldErrors, type Resolver, get } from 'react-hook-form';
import { requestResolver } from '../../../lib/schemaForm';
import { fromWallTime } from '../../../lib/wallTime';

/**
 * The form of a new tariff version. Decimals stay the text the user typed (the server reads
 * them exactly); `effectiveFrom` is a wall time of the property's zone ('YYYY-MM-DDTHH:mm',
 * a datetime-local value), used only when the version starts at a chosen moment.
 */
export type TariffFormValues = {
  starts: 'now' | 'at';
  effectiveFrom: string;
  currency: string;
  electricRate: string;
  waterRate: string;
  electricBlocks: Array<{ upToKwh: string; rate: string }>;
  fees: Array<{ name: string; amount: string; per: FeePeriod }>;
  minimumCharge: string;
  taxes: Array<{ name: string; percent: string; appliesTo: TaxBase }>;
};

export const newBlock = (): TariffFormValues['electricBlocks'][number] => ({ upToKwh: '', rate: '' });
export const newFee = (): TariffFormValues['fees'][number] => ({ name: '', amount: '', per: 'stay' });
export const newTax = (): TariffFormValues['taxes'][number] => ({ name: '', percent: '', appliesTo: 'all' });

/** A new version starts as a copy of the newest one (or empty, in dollars), taking effect now. */
export function initialValues(newest: TariffVersion | undefined): TariffFormValues {
  return {
    starts: 'now',
    effectiveFrom: '',
    currency: newest?.currency ?? DEFAULT_CURRENCY,
    electricRate: newest?.electricRate ?? '',
    waterRate: newest?.waterRate ?? '',
    electricBlocks: newest?.electricBlocks.map((b) => ({ ...b })) ?? [],
    fees: newest?.fees.map((f) => ({ ...f })) ?? [],
    minimumCharge: newest?.minimumCharge ?? '',
    taxes: newest?.taxes.map((tax) => ({ ...tax })) ?? [],
  };
}

/** What the form sends: the typed decimals trimmed, an empty minimum as none, the moment as an instant. */
export function requestOf(values: TariffFormValues, siteID: number, timeZone: string): TariffVersionRequest {
  const at = values.starts === 'at' ? fromWallTime(values.effectiveFrom, timeZone) : null;
  const minimum = values.minimumCharge.trim();
  return {
    siteID,
    ...(at ? { effectiveFrom: at.toISOString() } : {}),
    currency: values.currency,
    electricRate: values.electricRate.trim(),
    waterRate: values.waterRate.trim(),
    electricBlocks: values.electricBlocks.map((b) => ({ upToKwh: b.upToKwh.trim(), rate: b.rate.trim() })),
    fees: values.fees.map((f) => ({ name: f.name.trim(), amount: f.amount.trim(), per: f.per })),
    minimumCharge: minimum === '' ? null : minimum,
    taxes: values.taxes.map((tax) => ({
      name: tax.name.trim(),
      percent: tax.percent.trim(),
      appliesTo: tax.appliesTo,
    })),
  };
}

/** Why the chosen moment cannot be the start, as a message code; null when it can. */
function momentProblem(values: TariffFormValues, timeZone: string, now: Date): string | null {
  if (values.starts !== 'at') return null;
  if (values.effectiveFrom === '') return 'requiredField';
  const at = fromWallTime(values.effectiveFrom, timeZone);
  if (!at) return 'fieldNotValid';
  // the server takes a moment up to a minute old as now, as a datetime-local input has minutes only
  return at.getTime() < now.getTime() - 60_000 ? 'effectiveFromPast' : null;
}

/**
 * Checks the request the form would send against the contract's schema (`tariffVersionRequest`),
 * and the moment against now; each message (a catalogue code) lands on its field. A valid form
 * hands over the request.
 */
export function tariffResolver(
  siteID: number,
  timeZone: string,
  now: () => Date = () => new Date(),
): Resolver<TariffFormValues, unknown, TariffVersionRequest> {
  return requestResolver(
    tariffVersionRequest,
    (values: TariffFormValues) => requestOf(values, siteID, timeZone),
    (values, errors) => {
      requiredWhenEmpty(errors, values);
      const moment = momentProblem(values, timeZone, now());
      if (moment) errors.effectiveFrom = { type: 'validate', message: moment };
    },
  );
}

/** The decimals a version must have: an empty one is "required", not "invalid". */
function requiredWhenEmpty(errors: FieldErrors<TariffFormValues>, values: TariffFormValues): void {
  const paths = [
    'electricRate',
    'waterRate',
    ...values.electricBlocks.flatMap((_, i) => [`electricBlocks.${i}.upToKwh`, `electricBlocks.${i}.rate`]),
    ...values.fees.map((_, i) => `fees.${i}.amount`),
    ...values.taxes.map((_, i) => `taxes.${i}.percent`),
  ];
  for (const path of paths) {
    const error = get(errors, path) as { message?: string } | undefined;
    if (error?.message === 'invalidDecimal' && String(get(values, path)).trim() === '') error.message = 'requiredField';
  }
}

/** The form's field a server's field error belongs on: a list's own error goes on its root. */
export function formFieldErrors(fields: readonly FieldError[]): FieldError[] {
  const lists = ['electricBlocks', 'fees', 'taxes'];
  return fields.map((f) => (lists.includes(f.field) ? { ...f, field: `${f.field}.root` } : f));
}

/** Every field of the form as it stands, for placing the server's field errors. */
export function fieldNames(values: TariffFormValues): string[] {
  return [
    'effectiveFrom',
    'currency',
    'electricRate',
    'waterRate',
    'minimumCharge',
    'electricBlocks.root',
    'fees.root',
    'taxes.root',
    ...values.electricBlocks.flatMap((_, i) => [`electricBlocks.${i}.upToKwh`, `electricBlocks.${i}.rate`]),
    ...values.fees.flatMap((_, i) => [`fees.${i}.name`, `fees.${i}.amount`, `fees.${i}.per`]),
    ...values.taxes.flatMap((_, i) => [`taxes.${i}.name`, `taxes.${i}.percent`, `taxes.${i}.appliesTo`]),
  ];
}
