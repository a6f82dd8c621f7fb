import { sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';

export type LocationDbRow = {
  id: number;
  site_id: number;
  description: string;
  public_name: string;
  account_number: string | null;
  location_type_id: number | null;
  location_type_name: string | null;
  auto_checkout_at: Date | string | null;
  is_checked_in: boolean;
  is_retry_state: boolean;
  deleted: boolean;
  guest_name: string | null;
};

/** Locations selected by `where` (a condition on `l`), with their type and current guest. */
export function selectLocations(q: Queryable, where: SQL): Promise<LocationDbRow[]> {
  return rows<LocationDbRow>(
    q,
    sql`
    select l.id, l.site_id, l.description, l.public_name, l.account_number, l.location_type_id,
      lt.name as location_type_name, l.auto_checkout_at, l.is_checked_in, l.is_retry_state, l.deleted,
      nullif(trim(concat_ws(' ', g.first_name, g.last_name)), '') as guest_name
    from locations l
    left join location_types lt on lt.id = l.location_type_id
    left join stays st on st.location_id = l.id and st.checkout_at is null
    left join guests g on g.id = st.guest_id
    where ${where}
    order by l.description, l.id`,
  );
}
