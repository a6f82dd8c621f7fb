import type { StatementMeter } from '@portal/contract';
import type { TFunction } from 'i18next';
import { formatDecimal } from '../../lib/decimals';

/** A reading or usage in its unit, in the reader's language ("1,020.5 kWh"); a dash for none. */
export function unitAmount(t: TFunction, language: string, value: string | null, unit: StatementMeter['unit']): string {
  return value === null ? '—' : t(`billing.unit.${unit}`, { value: formatDecimal(value, language) });
}
