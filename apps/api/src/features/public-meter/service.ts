import { type MeterLookupResult, separatedTotal } from '@portal/contract';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { meterByNumberOrPublicName, recentReadings } from './queries';
import { iso } from '../../lib/instants';

/** 'Normal' when the meter reports and is in service; otherwise the word for what is wrong. */
function meterStatus(activeInd: number, isMissing: boolean): string {
  if (activeInd !== 1) return 'Out of Service';
  if (isMissing) return 'Missing';
  return 'Normal';
}

/**
 * The public summary of a meter named by its number or its location's public name: location,
 * property, status and recent readings in the meter's unit; nothing about guests.
 */
export async function lookUpMeter(q: Queryable, name: string): Promise<MeterLookupResult> {
  const meter = await meterByNumberOrPublicName(q, name);
  if (!meter) throw new AppError('notFound', 'meterNotFound');
  const readings = await recentReadings(q, meter.service_point_id);
  return {
    location: {
      locationPublicName: meter.location_public_name,
      locationDescription: meter.location_description,
      status: meterStatus(meter.active_ind, meter.is_missing_device),
      kwhTotal: meter.last_reading === null ? null : Number(meter.last_reading),
    },
    unit: meter.unit,
    propertyName: meter.site_name,
    dataAsOf: meter.last_reading_at === null ? null : iso(meter.last_reading_at),
    meterReadings: readings.map((r) => ({
      readingDT: iso(r.read_at),
      kwHTotalSeparated: separatedTotal(Number(r.total)),
    })),
  };
}

/** Whether the request came through the meter-check host name (compared without case, with or without port). */
export function isMeterHost(meterHost: string | undefined, host: string, hostname: string): boolean {
  if (!meterHost) return false;
  const want = meterHost.toLowerCase();
  return want === host.toLowerCase() || want === hostname.toLowerCase();
}
