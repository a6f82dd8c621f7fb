import type { StatementLine } from '@portal/contract';
import type { TFunction } from 'i18next';
import { formatDecimal, formatMoney } from '../../../lib/decimals';

/**
 * What a statement line says in the user's language: electricity with its block, water and the
 * minimum charge by their kind; a fee's or a tax's name as the tariff gives it, with what it is
 * per or applies to.
 */
export function lineDescription(t: TFunction, line: StatementLine, language: string): { text: string; note?: string } {
  const kwh = (text: string) => formatDecimal(text, language);
  switch (line.kind) {
    case 'electric':
      if (!line.block) return { text: t('billing.statement.line.electric') };
      return {
        text:
          line.block.upTo === null
            ? t('billing.statement.line.electricOver', { from: kwh(line.block.from) })
            : t('billing.statement.line.electricBlock', { from: kwh(line.block.from), upTo: kwh(line.block.upTo) }),
      };
    case 'water':
      return { text: t('billing.statement.line.water') };
    case 'minimum':
      return { text: t('billing.statement.line.minimum'), note: t('billing.statement.line.minimumNote') };
    case 'fee':
      return { text: line.description, note: line.per ? t(`billing.per.${line.per}`) : undefined };
    case 'tax':
      return { text: line.description, note: line.appliesTo ? t(`billing.appliesTo.${line.appliesTo}`) : undefined };
  }
}

/** The quantity of a line: kWh, gallons, a count of nights or periods, or the amount a tax is on. */
export function lineQuantity(t: TFunction, line: StatementLine, currency: string, language: string): string {
  const figure = formatDecimal(line.quantity, language);
  switch (line.kind) {
    case 'electric':
      return t('billing.unit.kWh', { value: figure });
    case 'water':
      return t('billing.unit.gal', { value: figure });
    case 'tax':
      return formatMoney(line.quantity, currency, language);
    default:
      return figure;
  }
}

/** The price of a line: per unit in the currency, or a tax's percent. */
export function lineUnitPrice(t: TFunction, line: StatementLine, currency: string, language: string): string {
  return line.kind === 'tax'
    ? t('billing.percent', { value: formatDecimal(line.unitPrice, language) })
    : formatMoney(line.unitPrice, currency, language);
}
