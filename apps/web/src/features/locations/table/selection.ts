import { DeviceGroup, type LocationRow, type ServicePointRow } from '@portal/contract';
import { isElectric, isMetered } from '../rows';

/** The type dropdown beside the selection checkbox (Administrator only), in the specification's order. */
export const SELECTION_TYPES = ['select', 'all', 'allMeters', 'electric', 'water', 'cubes', 'dataCollectors'] as const;
export type SelectionType = (typeof SELECTION_TYPES)[number];

/** Does a meter belong to the type? 'select' (the default) and 'all' take every meter. */
function meterOfType(meter: Pick<ServicePointRow, 'fk_DeviceTypeGroupId'>, type: SelectionType): boolean {
  switch (type) {
    case 'select':
    case 'all':
      return true;
    case 'allMeters':
      return isMetered(meter);
    case 'electric':
      return isElectric(meter);
    case 'water':
      return meter.fk_DeviceTypeGroupId === DeviceGroup.Water;
    case 'cubes':
      return meter.fk_DeviceTypeGroupId === DeviceGroup.Cube;
    case 'dataCollectors':
      return meter.fk_DeviceTypeGroupId === DeviceGroup.DataCollector;
  }
}

/** Only live locations take part in bulk actions. */
export const selectable = (row: LocationRow) => !row.deleted;

/** The locations a type selects: every live one for 'all', those with a meter of the type otherwise. */
export function idsOfType(rows: readonly LocationRow[], type: SelectionType): Set<number> {
  const ids = new Set<number>();
  if (type === 'select') return ids;
  for (const row of rows) {
    if (!selectable(row)) continue;
    if (type === 'all' || row.servicePoints.some((sp) => meterOfType(sp, type))) ids.add(row.locationID);
  }
  return ids;
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

/**
 * The type after the selection or the rows changed: it stays while the selection is
 * exactly what the type selects, and returns to the default 'select' otherwise.
 */
export function typeAfterChange(
  type: SelectionType,
  selected: ReadonlySet<number>,
  rows: readonly LocationRow[],
): SelectionType {
  if (type === 'select') return type;
  return sameSet(selected, idsOfType(rows, type)) ? type : 'select';
}

/**
 * The meters the toolbar's On and Off address: the switchable meters of the selected
 * locations, of the chosen type only when a type is chosen.
 */
export function metersToSwitch(
  rows: readonly LocationRow[],
  selected: ReadonlySet<number>,
  type: SelectionType,
): number[] {
  const ids: number[] = [];
  for (const row of rows) {
    if (!selected.has(row.locationID) || !selectable(row)) continue;
    for (const sp of row.servicePoints) {
      if (sp.servicePointCapabilities.length > 0 && meterOfType(sp, type)) ids.push(sp.servicePointID);
    }
  }
  return ids;
}

/** The meters of the selected locations (of the chosen type) whose monitoring the toolbar changes. */
export function metersToMonitor(
  rows: readonly LocationRow[],
  selected: ReadonlySet<number>,
  type: SelectionType,
): Array<{ LocationId: number; ServicePointID: number }> {
  const out: Array<{ LocationId: number; ServicePointID: number }> = [];
  for (const row of rows) {
    if (!selected.has(row.locationID) || !selectable(row)) continue;
    for (const sp of row.servicePoints) {
      if (meterOfType(sp, type)) out.push({ LocationId: row.locationID, ServicePointID: sp.servicePointID });
    }
  }
  return out;
}

/** Drops ids of rows that are gone or no longer selectable (moved, erased, deleted). */
export function pruneSelection(selected: ReadonlySet<number>, rows: readonly LocationRow[]): Set<number> {
  const live = new Set(rows.filter(selectable).map((r) => r.locationID));
  return new Set([...selected].filter((id) => live.has(id)));
}
