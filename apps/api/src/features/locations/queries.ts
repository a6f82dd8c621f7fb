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

export type StayHistoryDbRow = {
  id: number;
  checkin_at: Date | string;
  checkout_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  total_kwh: string | null;
};

/** Stays of a location with the kWh of its electric meters: closed stays from their closing readings, an open one so far. */
export function selectStayHistory(q: Queryable, locationId: number): Promise<StayHistoryDbRow[]> {
  return rows<StayHistoryDbRow>(
    q,
    sql`
    select st.id, st.checkin_at, st.checkout_at, g.first_name, g.last_name, g.mobile_number,
      (select sum(coalesce(sm.usage, greatest(sp.last_reading - sm.opening_reading, 0)))
         from stay_meters sm
         join service_points sp on sp.id = sm.service_point_id
         join device_types dt on dt.id = sp.device_type_id
        where sm.stay_id = st.id and dt.unit = 'kWh') as total_kwh
    from stays st
    left join guests g on g.id = st.guest_id
    where st.location_id = ${locationId}
    order by st.checkin_at desc
    limit 500`,
  );
}
