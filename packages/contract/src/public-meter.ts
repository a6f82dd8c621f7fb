import { z } from 'zod';

/** The public meter page looks a meter up by its number, or by its location's public name (printed on the pedestal). */
export const meterLookupQuery = z.object({
  name: z.string().trim().min(1, 'enterMeterNumber').max(50, 'maxLength'),
});

export const meterReadingEntry = z.object({
  /** ISO 8601, UTC. */
  readingDT: z.string(),
  /** The cumulative total in the meter's unit with thousands separators, as the original page showed it. */
  kwHTotalSeparated: z.string(),
});

/** What anyone may see about a meter: nothing about guests or stays. */
export const meterLookupResult = z.object({
  location: z.object({
    locationPublicName: z.string(),
    locationDescription: z.string(),
    /** 'Normal' when the meter reports and is in service, else 'Missing' or 'Out of Service'. */
    status: z.string(),
    /** The latest cumulative total, in `unit` (the specification's name). */
    kwhTotal: z.number().nullable(),
  }),
  /** 'kWh', or 'gal' for a water meter looked up by its number. */
  unit: z.string(),
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
