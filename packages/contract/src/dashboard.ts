import { z } from 'zod';
import type { MessageCode } from './messages';

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

/** The kinds of system alert, each with its message code: the web renders the text from the catalogue. */
export const alertMessages = {
  missingDevice: 'alertMissingDevice',
  unbilledUsage: 'alertUnbilledUsage',
  powerLeftOn: 'alertPowerLeftOn',
  meterGlitch: 'alertMeterGlitch',
  meterBaseline: 'alertMeterBaseline',
  meterRollover: 'alertMeterRollover',
  waterWhileVacant: 'alertWaterWhileVacant',
  outOfService: 'alertOutOfService',
} as const satisfies Record<string, MessageCode>;
export type AlertKind = keyof typeof alertMessages;
export const ALERT_KINDS = Object.keys(alertMessages) as AlertKind[];

/**
 * An open alert as data: its kind (a message code) and the message's parameters: the meter,
 * location and property names, and the figures (times as ISO instants, shown in `timeZone`).
 * Clients render the text from the kind and parameters in their language.
 */
export const systemAlert = z.object({
  alertID: z.int32(),
  kind: z.enum(ALERT_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  siteID: z.int32().nullable(),
  /** The property's time zone, for the times in `params`. */
  timeZone: z.string().nullable(),
  createdAt: z.string(),
});
export type SystemAlert = z.infer<typeof systemAlert>;

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
