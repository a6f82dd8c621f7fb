import type { LastRefusal } from '@portal/contract';
import type { TFunction } from 'i18next';
import { propertyTimeText } from '../../ui/PropertyTime';

/** "Last refused message: <reason>, <when>" in the user's language, the time in `timeZone`, named; null for a meter without one. */
export function lastRefusalText(t: TFunction, refusal: LastRefusal, language: string, timeZone: string): string | null {
  if (!refusal) return null;
  return t('devices.refused.last', {
    reason: t(`devices.refused.reasons.${refusal.reason}`),
    when: propertyTimeText(refusal.at, timeZone, language),
  });
}
