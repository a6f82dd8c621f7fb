import type { LastRefusal } from '@portal/contract';
import type { TFunction } from 'i18next';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Last refused message: <reason>, <when>" in the user's language; null for a meter without one. */
export function lastRefusalText(t: TFunction, refusal: LastRefusal, language: string): string | null {
  if (!refusal) return null;
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
    formats.set(language, format);
  }
  return t('devices.refused.last', {
    reason: t(`devices.refused.reasons.${refusal.reason}`),
    when: format.format(new Date(refusal.at)),
  });
}
