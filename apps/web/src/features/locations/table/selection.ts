import {
  type LocationRow,
  type LocationSelection,
  type LocationsPage,
  METER_GROUPS_OF_TYPE,
  type SelectionType,
  type StatusFilter,
} from '@portal/contract';

/**
 * The Administrator's selection, which reaches beyond the page on screen: rows ticked one by
 * one, or every live location the search, status and type match ('Select All m', or a type
 * chosen) less the rows unticked since. The server resolves it when a bulk action runs, so
 * the browser never needs the rows it does not show.
 */
export type Selection = {
  /** The type dropdown: it selects, and decides which meters On, Off and Monitoring address. */
  type: SelectionType;
  /** Every live location the search, status and type match, but `except`. */
  all: boolean;
  /** Rows ticked besides those `all` takes. */
  ids: ReadonlySet<number>;
  /** Rows unticked of those `all` takes. */
  except: ReadonlySet<number>;
};

export const NO_SELECTION: Selection = { type: 'select', all: false, ids: new Set(), except: new Set() };

/** 'Select All m': every live location the search and status match. */
export const EVERY_ROW: Selection = { type: 'select', all: true, ids: new Set(), except: new Set() };

/** Only live locations take part in bulk actions. */
export const selectable = (row: LocationRow) => !row.deleted;

/** Does a type take the row: a live one with a meter of its groups ('Select' and 'All': any live one)? */
function takes(type: SelectionType, row: LocationRow): boolean {
  const groups = METER_GROUPS_OF_TYPE[type];
  return (
    selectable(row) && (groups === null || row.servicePoints.some((sp) => groups.includes(sp.fk_DeviceTypeGroupId)))
  );
}

/** Is a row shown selected? (It is shown, so the search and status match it.) */
export function isSelected(s: Selection, row: LocationRow): boolean {
  if (!selectable(row)) return false;
  return s.ids.has(row.locationID) || (s.all && takes(s.type, row) && !s.except.has(row.locationID));
}

/** The selection with a row ticked or unticked. */
export function withRow(s: Selection, row: LocationRow, on: boolean): Selection {
  const id = row.locationID;
  const ids = new Set(s.ids);
  const except = new Set(s.except);
  if (s.all && takes(s.type, row)) {
    if (on) except.delete(id);
    else except.add(id);
  } else if (on) ids.add(id);
  else ids.delete(id);
  return { ...s, ids, except };
}

/** What choosing a type selects: every live location with a meter of the type; 'Select' selects nothing. */
export const ofType = (type: SelectionType): Selection =>
  type === 'select' ? NO_SELECTION : { type, all: true, ids: new Set(), except: new Set() };

/** The selection without locations that are gone or no longer take part (erased, shown deleted). */
export function without(s: Selection, locationIds: readonly number[]): Selection {
  if (!locationIds.some((id) => s.ids.has(id) || s.except.has(id))) return s;
  const gone = new Set(locationIds);
  return {
    ...s,
    ids: new Set([...s.ids].filter((id) => !gone.has(id))),
    except: new Set([...s.except].filter((id) => !gone.has(id))),
  };
}

/** How many locations are selected: for `all`, the server's count of what the type takes, less the unticked. */
export function selectedCount(s: Selection, counts: LocationsPage['selectable']): number {
  const taken = counts[s.type === 'select' ? 'all' : s.type];
  return (s.all ? Math.max(0, taken - s.except.size) : 0) + s.ids.size;
}

/** The selection as the bulk calls take it, with the search and status the table shows. */
export function selectionRequest(
  s: Selection,
  siteId: number,
  filter: { search: string; status: StatusFilter | null },
): LocationSelection {
  return {
    siteID: siteId,
    all: s.all,
    search: filter.search,
    status: filter.status,
    type: s.type,
    locationIDs: [...s.ids],
    exceptIDs: [...s.except],
  };
}
