import { type TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { alertKinds, REFUSAL_REASONS, type RefusalReason, type SystemAlert } from '@portal/contract';
import { propertyTimeText } from '../../ui/PropertyTime';

const TIMES = new Set(['since', 'at']);
const isRefusalReason = (value: unknown): value is RefusalReason =>
  (REFUSAL_REASONS as readonly unknown[]).includes(value);

/**
 * An alert's parameters as the user reads them: times in the property's time zone, the zone
 * named, numbers in the language's format, why a meter's messages were refused in words.
 */
function alertParams(t: TFunction, language: string, alert: SystemAlert): Record<string, string> {
  const zone = alert.timeZone ?? 'UTC';
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 6 });
  return Object.fromEntries(
    Object.entries(alert.params).map(([key, value]) => {
      if (value === null) return [key, '—'];
      if (TIMES.has(key) && typeof value === 'string') return [key, propertyTimeText(value, zone, language)];
      if (key === 'reason' && isRefusalReason(value)) return [key, t(`devices.refused.reasons.${value}`)];
      return [key, typeof value === 'number' ? number.format(value) : value];
    }),
  );
}

/**
 * An alert in the user's language from its kind and parameters, the meter in bold as the
 * specification shows it. The names are text: whatever a user typed into them stays characters.
 */
export function AlertText({ alert, language }: { alert: SystemAlert; language: string }) {
  const { t } = useTranslation();
  return (
    <Trans
      i18nKey={`msg.${alertKinds[alert.kind].code}`}
      values={alertParams(t, language, alert)}
      components={{ b: <b /> }}
      shouldUnescape={false}
    />
  );
}
