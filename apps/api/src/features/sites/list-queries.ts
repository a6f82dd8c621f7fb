import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { sites, userAccounts } from '../../db/schema';
import { sitesInScope, type Scope } from '../../access/scope';

/** Reads of property lists: My Properties with its counts, and the id/value pickers. */

export type SiteStatsRow = {
  id: number;
  busEntityId: number;
  busEntityName: string;
  publicName: string;
  billingName: string | null;
  physicalAddrLine1: string;
  physicalAddrLine2: string | null;
  physicalCity: string;
  physicalZip: string;
  physicalStateId: number;
  physicalStateName: string;
  physicalCountryId: number;
  billingAddrLine1: string | null;
  billingAddrLine2: string | null;
  billingCity: string | null;
  billingZip: string | null;
  billingStateId: number | null;
  billingStateName: string | null;
  billingCountryId: number | null;
  timeZone: string;
  /** 'HH:MM:SS' as PostgreSQL answers a time. */
  defaultCheckoutTime: string;
  excludeFromMonitoring: boolean;
  inCheckOutState: boolean;
  propertyKey: string | null;
  integrations: Array<{ partnerId: number; partnerName: string; key: string }>;
  totalLocations: number;
  activeLocations: number;
  inUseLocations: number;
  outOfServiceLocations: number;
  missingDevices: number;
  openAlerts: number;
};

/**
 * The visible live properties with their location counts and integrations, in one
 * set-based statement whatever the number of properties. Locations are counted per
 * property; only the meters that are out of service or missing are read (through their
 * partial index) and joined to them, so a healthy fleet's meters cost nothing.
 */
export function listSitesWithStats(q: Queryable, scope: Scope, only: SQL = sql`true`): Promise<SiteStatsRow[]> {
  return rows<SiteStatsRow>(
    q,
    sql`
    with visible as (
      select * from ${sites} where ${sitesInScope(scope)} and ${only}
    ),
    location_stats as (
      select l.site_id,
             count(*)::int as total,
             (count(*) filter (where not l.deleted))::int as active,
             (count(*) filter (where not l.deleted and l.is_checked_in))::int as in_use
      from locations l
      join visible v on v.id = l.site_id
      group by l.site_id
    ),
    meter_stats as (
      select l.site_id,
             (count(distinct l.id) filter (where sp.active_ind <> 1))::int as out_of_service,
             (count(*) filter (where sp.is_missing_device))::int as missing
      from service_points sp
      join locations l on l.id = sp.location_id and not l.deleted
      join visible v on v.id = l.site_id
      where sp.active_ind <> 1 or sp.is_missing_device
      group by l.site_id
    ),
    alert_stats as (
      select a.site_id, count(*)::int as open
      from system_alerts a
      join visible v on v.id = a.site_id
      where a.resolved_at is null and a.acknowledged_at is null
      group by a.site_id
    ),
    integrations as (
      select si.site_id,
             json_agg(json_build_object('partnerId', p.id, 'partnerName', p.name, 'key', si.partner_property_key) order by p.name) as list
      from site_integrations si
      join visible v on v.id = si.site_id
      join partners p on p.id = si.partner_id
      group by si.site_id
    )
    select v.id, v.bus_entity_id as "busEntityId", b.legal_name as "busEntityName",
           v.public_name as "publicName", v.billing_name as "billingName",
           v.physical_addr_line1 as "physicalAddrLine1", v.physical_addr_line2 as "physicalAddrLine2",
           v.physical_city as "physicalCity", v.physical_zip as "physicalZip",
           v.physical_state_id as "physicalStateId", ps.name as "physicalStateName", v.physical_country_id as "physicalCountryId",
           v.billing_addr_line1 as "billingAddrLine1", v.billing_addr_line2 as "billingAddrLine2",
           v.billing_city as "billingCity", v.billing_zip as "billingZip",
           v.billing_state_id as "billingStateId", bs.name as "billingStateName", v.billing_country_id as "billingCountryId",
           v.time_zone as "timeZone", v.default_checkout_time::text as "defaultCheckoutTime",
           v.exclude_from_monitoring as "excludeFromMonitoring", v.in_check_out_state as "inCheckOutState",
           v.property_key as "propertyKey",
           coalesce(i.list, '[]'::json) as integrations,
           coalesce(ls.total, 0) as "totalLocations", coalesce(ls.active, 0) as "activeLocations",
           coalesce(ls.in_use, 0) as "inUseLocations", coalesce(ms.out_of_service, 0) as "outOfServiceLocations",
           coalesce(ms.missing, 0) as "missingDevices", coalesce(al.open, 0) as "openAlerts"
    from visible v
    join business_entities b on b.id = v.bus_entity_id
    join states ps on ps.id = v.physical_state_id
    left join states bs on bs.id = v.billing_state_id
    left join location_stats ls on ls.site_id = v.id
    left join meter_stats ms on ms.site_id = v.id
    left join alert_stats al on al.site_id = v.id
    left join integrations i on i.site_id = v.id
    order by lower(v.public_name), v.id`,
  );
}

export const siteIs = (siteId: number) => eq(sites.id, siteId);
export const siteOfBusiness = (busEntityId: number) => eq(sites.busEntityId, busEntityId);

/** id/value of the visible live properties matching a condition, by name. */
export function siteLookup(q: Queryable, scope: Scope, only: SQL) {
  return q
    .select({ id: sites.id, value: sites.publicName })
    .from(sites)
    .where(and(sitesInScope(scope), only))
    .orderBy(asc(sql`lower(${sites.publicName})`), asc(sites.id));
}

/** The business of a user, or null when there is no such user. */
export async function businessOfUser(q: Queryable, userAccountId: number) {
  const [row] = await q
    .select({ busEntityId: userAccounts.busEntityId })
    .from(userAccounts)
    .where(eq(userAccounts.id, userAccountId));
  return row ?? null;
}
