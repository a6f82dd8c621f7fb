import { sql } from 'drizzle-orm';
import { behaviourOf } from '../../devices/fleet';
import { recordReadings } from '../../features/meters/readings';
import { rows, type Tx } from '../client';

/** How far beyond its meter's last total the planted reading is: no pedestal delivers that in a minute. */
const SPIKE = 250_000;

/**
 * One reading held back, so that the demo shows what staff do with one: a meter of a guest's
 * stay that sends nothing more (a silent one, which the simulated fleet keeps silent) last read
 * far beyond what it can deliver. It goes through the usage rule like any reading: suspect, not
 * counted, an alert raised; the location's history offers to confirm or discard it.
 */
export async function plantHeldBackReading(tx: Tx): Promise<void> {
  const candidates = await rows<{ id: number; device_key: string; total: string; at: Date | string }>(
    tx,
    sql`
    select sp.id, sp.device_key, sp.last_reading::text as total, sp.last_reading_at as at
    from service_points sp
    join device_types dt on dt.id = sp.device_type_id
    join locations l on l.id = sp.location_id
    where l.is_checked_in and dt.unit = 'kWh' and sp.last_reading is not null
    order by sp.id`,
  );
  const meter = candidates.find((m) => behaviourOf(m.device_key) === 'silent');
  if (!meter) return;
  const at = new Date(new Date(meter.at).getTime() + 60_000);
  const total = (Number(meter.total) + SPIKE).toFixed(3);
  await recordReadings(tx, [{ servicePointId: meter.id, readAt: at, total, isReset: false }]);
}
