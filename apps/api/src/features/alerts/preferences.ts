import {
  ALERT_TYPE_SEVERITIES,
  DEFAULT_DELIVERY,
  type Delivery,
  type NotificationPreference,
  type NotificationChoices,
} from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { notificationPreferences } from '../../db/schema';
import { invalid } from '../../lib/errors';

const pairKey = (p: { type: string; severity: string }) => `${p.type}/${p.severity}`;
const known = new Set(ALERT_TYPE_SEVERITIES.map(pairKey));

/** Every pair of alert type and severity with the user's choice, or the severity's default. */
export async function preferencesOf(q: Queryable, userId: number): Promise<NotificationChoices> {
  const stored = await q
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userAccountId, userId));
  const chosen = new Map(stored.map((s) => [`${s.alertType}/${s.severity}`, s.delivery as Delivery]));
  return {
    preferences: ALERT_TYPE_SEVERITIES.map((p) => ({
      ...p,
      delivery: chosen.get(pairKey(p)) ?? DEFAULT_DELIVERY[p.severity],
    })),
  };
}

/** Stores the choices given (a pair no alert has is refused); the others keep theirs. */
export async function savePreferences(
  q: Queryable,
  userId: number,
  choices: NotificationPreference[],
): Promise<NotificationChoices> {
  if (choices.some((c) => !known.has(pairKey(c)))) throw invalid('fieldNotValid', 'preferences');
  if (choices.length)
    await q
      .insert(notificationPreferences)
      .values(
        choices.map((c) => ({ userAccountId: userId, alertType: c.type, severity: c.severity, delivery: c.delivery })),
      )
      .onConflictDoUpdate({
        target: [
          notificationPreferences.userAccountId,
          notificationPreferences.alertType,
          notificationPreferences.severity,
        ],
        set: { delivery: sql`excluded.delivery` },
      });
  return preferencesOf(q, userId);
}
