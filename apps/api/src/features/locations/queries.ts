import { sql, type SQL } from 'drizzle-orm';
import {
  type LocationSort,
  type LocationsPage,
  METER_GROUPS_OF_TYPE,
  SELECTION_TYPES,
  STATUS_FILTERS,
  type SelectionType,
  type StatusFilter,
} from '@portal/contract';
import { intArray, rows, type Queryable } from '../../db/client';
import { totalBefore } from '../meters';

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

// ---------------------------------------------------------------- the table, a page at a time

/** What narrows the table: the search box and the status filter. */
type TableFilter = { search: string; status: StatusFilter | null };

/** A location's status, as a condition on the facts (`f`) below. */
const STATUS: Record<StatusFilter, SQL> = {
  checkedIn: sql`is_checked_in`,
  vacant: sql`not deleted and not is_checked_in`,
  vacantWithUsage: sql`not deleted and not is_checked_in and used_today`,
  missing: sql`missing`,
  outOfService: sql`out_of_service`,
  excluded: sql`excluded`,
};

/** The selection types that take some meter groups only, each with its column of the facts (`has_electric` …). */
const TYPED = SELECTION_TYPES.flatMap((type) => {
  const groups = METER_GROUPS_OF_TYPE[type];
  return groups ? [{ type, column: sql.raw(`has_${type}`), groups: sql.raw(groups.join(', ')) }] : [];
});

/** Does a location have a meter of the type ('Select' and 'All': any location)? A condition on the facts. */
function ofType(type: SelectionType): SQL {
  return TYPED.find((t) => t.type === type)?.column ?? sql`true`;
}

/**
 * The facts of every location of a property the table filters, counts and sorts by, as the
 * common table `f`: one pass over its locations and meters. A vacant location used a whole
 * unit today when a meter's total less its total before today's roll-up row is 1 or more
 * (the Day usage the row shows, truncated); the text the search box matches is made only
 * when there is a search, the meters' key (their names' natural keys, kept by the database, in
 * slot order: the natural key of the names the row shows) only when the table is sorted by them.
 */
function facts(siteId: number, now: Date, with_: { text: boolean; metersKey: boolean }): SQL {
  return sql`
    with today as materialized (
      select (${now.toISOString()}::timestamptz at time zone s.time_zone)::date as day from sites s where s.id = ${siteId}
    ),
    m as (
      select sp.location_id,
        bool_or(sp.is_missing_device) as missing,
        bool_or(sp.active_ind <> 1) as out_of_service,
        bool_or(sp.exclude_from_monitoring) as excluded,
        bool_or(not l.deleted and not l.is_checked_in
          and sp.usage_total - ${totalBefore(sql`sp.id`, sql`(select day from today)`)} >= 1) as used_today,
        ${sql.join(
          TYPED.map((t) => sql`bool_or(dt.group_id in (${t.groups})) as ${t.column}`),
          sql`, `,
        )},
        ${with_.metersKey ? sql`string_agg(sp.sort_key, ' ' order by sp.slot)` : sql`null`} as meters_key,
        ${with_.text ? sql`string_agg(sp.name || ' ' || dt.display_name, ' ' order by sp.slot)` : sql`null`} as meter_text
      from service_points sp
      join locations l on l.id = sp.location_id
      join device_types dt on dt.id = sp.device_type_id
      where l.site_id = ${siteId}
      group by sp.location_id
    ),
    f as (
      select l.id, l.sort_key, l.is_checked_in, l.deleted, m.location_id is not null as has_meters,
        coalesce(m.missing, false) as missing,
        coalesce(m.out_of_service, false) as out_of_service,
        coalesce(m.excluded, false) as excluded,
        coalesce(m.used_today, false) as used_today,
        ${sql.join(
          TYPED.map((t) => sql`coalesce(m.${t.column}, false) as ${t.column}`),
          sql`, `,
        )},
        coalesce(m.meters_key, '') as meters_key,
        ${
          with_.text
            ? sql`lower(concat_ws(' ', l.description, l.public_name, coalesce(l.account_number, ''),
                coalesce(nullif(trim(concat_ws(' ', g.first_name, g.last_name)), ''), ''), coalesce(lt.name, ''), m.meter_text))`
            : sql`''`
        } as text
      from locations l
      left join m on m.location_id = l.id
      ${
        with_.text
          ? sql`left join location_types lt on lt.id = l.location_type_id
            left join stays st on st.location_id = l.id and st.checkout_at is null
            left join guests g on g.id = st.guest_id`
          : sql``
      }
      where l.site_id = ${siteId}
    )`;
}

/** The search (the row's text holds it, case aside) and the status, as a condition on the facts. */
function matching({ search, status }: TableFilter): SQL {
  return sql`${search ? sql`strpos(text, lower(${search})) > 0` : sql`true`} and ${status ? STATUS[status] : sql`true`}`;
}

const C = sql.raw('collate "C"');

/** The order of a sorted column, ties by description (natural) and id as the browser's stable sort had them. */
function orderOf(sort: LocationSort, desc: boolean): SQL {
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const tie = sql`sort_key ${C}, id`;
  switch (sort) {
    case 'description':
      return sql`sort_key ${C} ${dir}, id`;
    case 'meters':
      return sql`meters_key ${C} ${dir}, ${tie}`;
    case 'checkInOut':
      return sql`is_checked_in ${dir}, ${tie}`;
    case 'health':
      // a meter missing first, then the metered, then the locations without a meter
      return sql`(case when missing then 0 when not has_meters then 2 else 1 end) ${dir}, ${tie}`;
  }
}

export type PageRequest = TableFilter & {
  sort: LocationSort;
  desc: boolean;
  pageIndex: number;
  /** null: every row. */
  pageSize: number | null;
  /** Answer the page holding this location instead, when the search and status match it. */
  locate: number | null;
};

export type PageIds = Omit<LocationsPage, 'rows'> & { ids: number[] };

const EVERY_ROW = 1_000_000_000;

/**
 * One page of the table: the ids of its rows in order, the page it is, and the counts the
 * table shows (matching rows, every row, each status over the property, and the live matching
 * rows each selection type selects). One statement; only the page's rows are read further.
 */
export async function selectPage(q: Queryable, siteId: number, now: Date, p: PageRequest): Promise<PageIds> {
  const size = p.pageSize ?? EVERY_ROW;
  const [row] = await rows<Record<string, number> & { ids: number[] }>(
    q,
    sql`
    ${facts(siteId, now, { text: p.search !== '', metersKey: p.sort === 'meters' })},
    hits as (select * from f where ${matching(p)}),
    ordered as (select id, (row_number() over (order by ${orderOf(p.sort, p.desc)}))::int - 1 as n from hits),
    placed as (
      select least(
        coalesce((select n from ordered where id = ${p.locate}::int) / ${size}::int, ${p.pageIndex}::int),
        greatest((select count(*) from hits)::int - 1, 0) / ${size}::int) as page
    )
    select placed.page as page_index,
      coalesce((select array_agg(o.id order by o.n) from ordered o
        where o.n >= placed.page::bigint * ${size}::int and o.n < (placed.page::bigint + 1) * ${size}::int), '{}') as ids,
      c.*, s.*
    from placed
    cross join (
      select count(*)::int as property_total,
        ${sql.join(
          STATUS_FILTERS.map(
            (status) => sql`count(*) filter (where ${STATUS[status]})::int as ${sql.raw(`"status_${status}"`)}`,
          ),
          sql`, `,
        )}
      from f) c
    cross join (
      select count(*)::int as total, count(*) filter (where not deleted)::int as selectable_all,
        ${sql.join(
          TYPED.map(
            (t) =>
              sql`count(*) filter (where not deleted and ${t.column})::int as ${sql.raw(`"selectable_${t.type}"`)}`,
          ),
          sql`, `,
        )}
      from hits) s`,
  );
  const r = row!;
  const counts = <K extends string>(prefix: string, keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, Number(r[`${prefix}${k}`])])) as Record<K, number>;
  return {
    ids: r.ids.map(Number),
    pageIndex: Number(r.page_index),
    total: Number(r.total),
    propertyTotal: Number(r.property_total),
    statusCounts: counts('status_', STATUS_FILTERS),
    selectable: counts('selectable_', ['all', ...TYPED.map((t) => t.type)]) as LocationsPage['selectable'],
  };
}

/** What the toolbar acts on (`LocationSelection`, its defaults applied). */
export type Selection = TableFilter & {
  all: boolean;
  type: SelectionType;
  locationIDs: number[];
  exceptIDs: number[];
};

/**
 * The live locations of the property a selection names: with `all`, every one the search,
 * status and type match but the excepted; and the listed ones (of this property only).
 */
export async function selectSelected(q: Queryable, siteId: number, now: Date, s: Selection): Promise<number[]> {
  const found = await rows<{ id: number }>(
    q,
    sql`
    ${facts(siteId, now, { text: s.all && s.search !== '', metersKey: false })}
    select id from f
    where not deleted and (
      (${s.all} and ${matching(s)} and ${ofType(s.type)} and not id = any(${intArray(s.exceptIDs)}))
      or id = any(${intArray(s.locationIDs)}))
    order by id`,
  );
  return found.map((f) => f.id);
}
