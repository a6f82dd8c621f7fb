import type { WebhookEventType } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { queueWebhookEvents } from '../../hub/webhook-events';
import { isoOrNull } from '../../lib/instants';

type StayEventRow = {
  id: number;
  site_id: number;
  location_id: number;
  location: string;
  checkin_at: Date | string;
  checkout_at: Date | string | null;
  auto_checkout_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  email: string | null;
  statement: unknown;
};

/**
 * Queues a webhook event of each stay the condition on `st` picks, in the caller's transaction:
 * the stay, its location and guest, and (once checked out) its frozen statement with its lines
 * and total, as the staff's statement shows it.
 */
export async function queueStayEvents(q: Queryable, type: WebhookEventType, where: SQL, at: Date): Promise<void> {
  const found = await rows<StayEventRow>(
    q,
    sql`select st.id, st.site_id, st.location_id, l.description as location, st.checkin_at, st.checkout_at,
          st.auto_checkout_at, g.first_name, g.last_name, g.mobile_number, g.email, st.statement
        from stays st
        join locations l on l.id = st.location_id
        left join guests g on g.id = st.guest_id
        where ${where}
          and exists (select 1 from webhooks w where w.site_id = st.site_id and ${type} = any(w.events))`,
  );
  await queueWebhookEvents(
    q,
    found.map((st) => ({
      siteId: st.site_id,
      type,
      stayId: st.id,
      data: {
        stayID: st.id,
        siteID: st.site_id,
        locationID: st.location_id,
        locationDescription: st.location,
        checkinAt: isoOrNull(st.checkin_at),
        checkoutAt: isoOrNull(st.checkout_at),
        autoCheckoutAt: isoOrNull(st.auto_checkout_at),
        guest:
          st.first_name === null
            ? null
            : { firstName: st.first_name, lastName: st.last_name, phone: st.mobile_number, email: st.email },
        statement: st.statement ?? null,
      },
    })),
    at,
  );
}
