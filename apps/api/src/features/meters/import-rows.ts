import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { fromWallClock, METERED_DEVICE_GROUPS, readingProblem, type ImportRefusal } from '@portal/contract';
import { intArray, rows, type Queryable } from '../../db/client';
import { TIME_PROBLEM_CODES, timeProblem, type TimeBounds } from './admission';
import type { CsvRow } from './import-csv';
import { millionths } from './rule';

type Unit = 'kWh' | 'gal';
type PropertyMeter = { id: number; unit: Unit; createdAt: Date };

/**
 * The meters of a property a file may name, by what it may name them by (without case): their
 * name or device key first, else their location's description. A name may fit several (a
 * location with an electric and a water meter): the row's unit, if any, tells them apart.
 */
export type MeterDirectory = { byId: Map<string, PropertyMeter[]>; byLocation: Map<string, PropertyMeter[]> };

/** What a file of readings is read against: the property's meters and its time zone. */
export type ImportGround = { meters: MeterDirectory; timeZone: string; now: Date; bounds: TimeBounds };

const key = (text: string) => text.trim().toLowerCase();

function add(map: Map<string, PropertyMeter[]>, name: string | null, meter: PropertyMeter) {
  if (name === null) return;
  const list = map.get(key(name));
  if (list) list.push(meter);
  else map.set(key(name), [meter]);
}

/** The property's meters that measure (not a cube or a data collector), on its locations not deleted. */
export async function propertyMeters(
  q: Queryable,
  siteId: number,
): Promise<{ meters: MeterDirectory; timeZone: string }> {
  const found = await rows<{
    id: number | null;
    name: string;
    device_key: string | null;
    description: string;
    unit: Unit | null;
    created_at: Date | string;
    time_zone: string;
  }>(
    q,
    sql`
    select sp.id, sp.name, sp.device_key, l.description, dt.unit, sp.created_at, s.time_zone
    from sites s
    left join locations l on l.site_id = s.id and not l.deleted
    left join service_points sp on sp.location_id = l.id
    left join device_types dt on dt.id = sp.device_type_id and dt.group_id = any(${intArray(METERED_DEVICE_GROUPS)})
    where s.id = ${siteId}`,
  );
  const meters: MeterDirectory = { byId: new Map(), byLocation: new Map() };
  for (const m of found) {
    if (m.id === null || m.unit === null) continue;
    const meter = { id: m.id, unit: m.unit, createdAt: new Date(m.created_at) };
    add(meters.byId, m.name, meter);
    if (m.device_key !== m.name) add(meters.byId, m.device_key, meter);
    add(meters.byLocation, m.description, meter);
  }
  return { meters, timeZone: found[0]?.time_zone ?? 'UTC' };
}

const UNITS = new Map<string, Unit>([
  ['kwh', 'kWh'],
  ['gal', 'gal'],
]);
/** An estimated cell: empty is no. */
const FLAGS = new Map<string, boolean>([
  ...['', 'no', 'n', 'false', '0'].map((text) => [text, false] as const),
  ...['yes', 'y', 'true', '1'].map((text) => [text, true] as const),
]);

function meterOf(row: CsvRow, meters: MeterDirectory): PropertyMeter | ImportRefusal {
  const unit = key(row.unit);
  if (unit !== '' && !UNITS.has(unit)) return 'importUnitInvalid';
  const name = key(row.meter || row.location);
  const named = meters.byId.get(name) ?? meters.byLocation.get(name) ?? [];
  const fitting = unit === '' ? named : named.filter((m) => m.unit === UNITS.get(unit));
  if (fitting.length > 1) return 'importMeterAmbiguous';
  return fitting[0] ?? 'importMeterUnknown';
}

/** The hand read's time (ISO 8601 with an offset, or Z). */
const WITH_OFFSET = z.iso.datetime({ offset: true });
const WALL_CLOCK = z.iso.datetime({ local: true });

/** A row's instant: with an offset as written, without one a wall-clock time of the property's zone; a space may stand for the T. */
function instantOf(text: string, timeZone: string): Date | null {
  const iso = text.replace(' ', 'T');
  if (WITH_OFFSET.safeParse(iso).success) return new Date(iso);
  if (WALL_CLOCK.safeParse(iso).success) return new Date(fromWallClock(timeZone, Date.parse(`${iso}Z`)));
  return null;
}

/** A row that passed the checks made without the stored readings. */
export type AdmittedRow = { line: number; servicePointId: number; readAt: Date; total: string; estimated: boolean };

/**
 * A row as a reading of the property, checked as a device's or a hand read's are: its meter,
 * its flags, its value (`readingProblem`), its time (`timeProblem`). The first problem found is
 * the row's refusal.
 */
export function admit(row: CsvRow, ground: ImportGround): AdmittedRow | ImportRefusal {
  const meter = meterOf(row, ground.meters);
  if (typeof meter === 'string') return meter;
  const estimated = FLAGS.get(key(row.estimated));
  if (estimated === undefined) return 'importEstimatedInvalid';
  const problem = readingProblem(row.reading, meter.unit === 'gal');
  if (problem) return problem;
  const readAt = instantOf(row.time, ground.timeZone);
  if (readAt === null) return 'importTimeInvalid';
  const late = timeProblem(readAt, meter, ground.now, ground.bounds);
  if (late) return TIME_PROBLEM_CODES[late];
  return { line: row.line, servicePointId: meter.id, readAt, total: row.reading.trim(), estimated };
}

/**
 * A batch's admitted rows with those at an instant another of the batch has for its meter set
 * apart: the same total is nothing new, another is a conflict (the first row counts, as
 * `recordReadings` would have it).
 */
export function apartFromTwins(admitted: AdmittedRow[]): {
  single: AdmittedRow[];
  twins: Array<{ line: number; same: boolean }>;
} {
  const first = new Map<string, bigint>();
  const single: AdmittedRow[] = [];
  const twins: Array<{ line: number; same: boolean }> = [];
  for (const r of admitted) {
    const at = `${r.servicePointId}@${r.readAt.getTime()}`;
    const total = first.get(at);
    if (total === undefined) {
      first.set(at, millionths(r.total));
      single.push(r);
    } else twins.push({ line: r.line, same: total === millionths(r.total) });
  }
  return { single, twins };
}
