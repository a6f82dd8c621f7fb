import { z } from 'zod';

/**
 * Pounds of CO2 avoided per kWh delivered at a pedestal instead of made by the guest's own
 * generator: a diesel generator emits about 2.24 lbs/kWh (22.4 lbs a gallon at 10 kWh a
 * gallon), the US grid about 0.84 lbs/kWh (EPA eGRID average), so each metered kWh saves 1.4.
 */
export const CO2_LBS_SAVED_PER_KWH = 1.4;

export const realtimeStats = z.object({
  totalKwh: z.number(),
  /** Pounds of CO2 saved. */
  cO2: z.number(),
  /** Recaptured: the sum of the statements of the stays checked out (features/billing). */
  billed: z.number(),
});
export type RealtimeStats = z.infer<typeof realtimeStats>;

export const dashboardStats = z.object({
  activeLocations: z.int32(),
  inUseLocations: z.int32(),
  outOfServiceLocations: z.int32(),
  missingDevices: z.int32(),
});

export const usageChartQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
export const siteUsageSeries = z.object({
  siteID: z.int32(),
  siteName: z.string(),
  days: z.array(z.object({ day: z.string(), kwh: z.number(), gallons: z.number() })),
});
export type SiteUsageSeries = z.infer<typeof siteUsageSeries>;
