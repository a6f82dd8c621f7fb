import { liveEvent, type LiveMeterValues, routes, type SiteEvent } from '@portal/contract';
import { inputNames, keyOf } from '../../lib/api';
import { onLive } from '../../lib/hub/live';
import { applyMeterValues } from './livePatch';
import { invalidateCommands, invalidateLocations, locationsChanged, patchRows } from './tableCache';

/** What a burst of events asks of the locations' cache. */
export type TablePlan = {
  /** Properties whose pages are read again: their locations changed. */
  pages: number[];
  /** Meters' new values to write into each property's cached pages (not those of a property read again whole). */
  patches: Array<{ siteId: number; meters: LiveMeterValues[] }>;
  /** Locations whose own data (history, open stay, commands) reloads. */
  locations: number[];
  /** Locations whose meters read: their open stay's usage so far reloads (when shown). */
  stays: number[];
  /** Meters whose latest command reloads (when the device control panel shows it). */
  commands: number[];
};

const byNumber = (a: number, b: number) => a - b;
const sorted = (values: Iterable<number>) => [...new Set(values)].sort(byNumber);

/**
 * Meter values are patched into the rows; a location change reads the property's pages again,
 * and so does a meter gone missing or back (the status filter's counts and rows follow it),
 * and so does a property change, whose table (or one where more than `maxRows` locations
 * changed) is read whole: its values are not patched. Only what the events touch reloads
 * elsewhere (dialogs of a location, a meter's latest command).
 */
export function planTable(events: readonly SiteEvent[], maxRows = 20): TablePlan {
  const whole = new Set<number>();
  const recounted = new Set<number>();
  const changed = new Map<number, Set<number>>();
  const patches = new Map<number, LiveMeterValues[]>();
  const stays: number[] = [];
  const commands: number[] = [];
  for (const e of events) {
    if (e.type === liveEvent.siteChanged) whole.add(e.siteId);
    else if (e.type === liveEvent.locationChanged)
      changed.set(e.siteId, (changed.get(e.siteId) ?? new Set()).add(e.locationId));
    else {
      patches.set(e.siteId, [...(patches.get(e.siteId) ?? []), ...e.meters]);
      for (const m of e.meters) {
        if (m.isMissingDevice !== undefined) recounted.add(e.siteId);
        if (m.kwhTotal !== undefined || m.usage !== undefined) stays.push(m.locationID);
        if (m.relays !== undefined || m.resultCode !== undefined) commands.push(m.servicePointID);
      }
    }
  }
  for (const [siteId, ids] of changed) if (ids.size > maxRows) whole.add(siteId);
  return {
    pages: sorted([...whole, ...changed.keys(), ...recounted]),
    patches: [...patches]
      .filter(([siteId]) => !whole.has(siteId))
      .map(([siteId, meters]) => ({ siteId, meters }))
      .sort((a, b) => a.siteId - b.siteId),
    locations: sorted([...changed.values()].flatMap((ids) => [...ids])),
    stays: sorted(stays),
    commands: sorted(commands),
  };
}

/**
 * The locations' live events: meter values are written into the cached pages of the table
 * (`setQueryData`, no request); a changed location or property reads its pages again; a
 * location's dialogs (history, open stay) and its meters' latest commands reload.
 */
export const locationsLive = onLive(
  [liveEvent.meterValues, liveEvent.locationChanged, liveEvent.siteChanged],
  (queryClient, events) => {
    const plan = planTable(events);
    for (const { siteId, meters } of plan.patches)
      patchRows(queryClient, siteId, (rows) => applyMeterValues(rows, meters));
    invalidateLocations(queryClient, plan.locations);
    for (const siteId of plan.pages) locationsChanged(queryClient, siteId);
    if (plan.stays.length) {
      void queryClient.invalidateQueries({
        queryKey: keyOf(routes.stays.current),
        predicate: inputNames('locationID', plan.stays),
      });
    }
    invalidateCommands(queryClient, plan.commands);
  },
);
