import { z } from 'zod';

/** The public meter page looks a location up by its public name (printed on the pedestal). */
export const meterLookupQuery = z.object({
  name: z.string().trim().min(1, 'enterMeterNumber').max(50, 'maxLength'),
});

export const meterReadingEntry = z.object({
  /** ISO 8601, UTC. */
  readingDT: z.string(),
  /** The cumulative kWh with thousands separators, as the original page showed it. */
  kwHTotalSeparated: z.string(),
});

/** What anyone may see about a meter: nothing about guests or stays. */
export const meterLookupResult = z.object({
  location: z.object({
    locationPublicName: z.string(),
    locationDescription: z.string(),
    /** 'Normal' when the meter reports and is in service, else 'Missing' or 'Out of Service'. */
    status: z.string(),
    kwhTotal: z.number().nullable(),
  }),
  propertyName: z.string(),
  /** The latest reading's time, ISO 8601 UTC; null before the first reading. */
  dataAsOf: z.string().nullable(),
  meterReadings: z.array(meterReadingEntry),
});
export type MeterLookupResult = z.infer<typeof meterLookupResult>;

/** Whether this request reached the portal through the meter-check host name (METER_HOST). */
export const meterHostInfo = z.object({ meterHost: z.boolean() });

/** Formats a cumulative total with thousands separators and 2 decimals (kwHTotalSeparated). */
export function separatedTotal(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
