import { sql } from 'drizzle-orm';
import { behaviourOf } from '../../gateway/fleet';
import { recordReadings } from '../../features/meters/readings';
import { rows, type Tx } from '../client';

/**
 * How far beyond its meter's last total the planted reading is, a minute later: 40 kWh, where the
 * rule allows an electric pedestal 3 (12 kW over the 15 minutes it allows at least). A meter that
 * was offline could have counted it, or a register that misread: staff decide.
 */
const SPIKE = 40;

/**
 * One reading held back, so that the demo shows what staff do with one: a meter of a guest's
 * stay, read during it, that sends nothing more (a silent one, which the simulated fleet keeps silent) last read
 * far beyond what it can deliver. It goes through the usage rule like any reading: suspect, not
 * counted, an alert raised; the location's history offers to confirm or discard it.
 */
export async function plantHeldBackReading(tx: Tx): Promise<void> {
  const candidates = await rows<{ id: number; device_key: string; spiked: string; at: Date | string }>(
    tx,
    sql`
    select sp.id, sp.device_key, (sp.last_reading + ${SPIKE})::text as spiked, sp.last_reading_at as at
    from service_points sp
    join device_types dt on dt.id = sp.device_type_id
    join stays s on s.location_id = sp.location_id and s.checkout_at is null
    where dt.unit = 'kWh' and sp.last_reading_at > s.checkin_at
    -- the stay that stays longest: one whose automatic check-out comes soon would close it before staff (or a flow) see it
    order by s.auto_checkout_at desc nulls first, sp.id`,
  );
  const meter = candidates.find((m) => behaviourOf(m.device_key) === 'silent');
  if (!meter) return;
  const at = new Date(new Date(meter.at).getTime() + 60_000);
  await recordReadings(tx, [{ servicePointId: meter.id, readAt: at, total: meter.spiked, isReset: false }]);
}
