import { z } from 'zod';
import { idParam, pageFields } from './fields';
import type { MessageCode } from './messages';

/** What an alert is about: the axis users filter on and choose notifications by. */
export const ALERT_TYPES = [
  'missingMeter',
  'unbilledUsage',
  'powerOnVacant',
  'commandFailed',
  'readingRefused',
  'meterReset',
  'suspectUsage',
  'leak',
  'abnormalUse',
  'messagesLost',
  'webhookFailing',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Open when raised; acknowledged by someone (with a note); resolved when the condition clears or by hand. */
export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * Every kind of alert the server raises: its message code (the web renders the text from the
 * catalogue with the alert's parameters), its type and its severity. One open alert a kind and
 * meter at a time.
 */
export const alertKinds = {
  missingDevice: { code: 'alertMissingDevice', type: 'missingMeter', severity: 'critical' },
  outOfService: { code: 'alertOutOfService', type: 'missingMeter', severity: 'info' },
  unbilledUsage: { code: 'alertUnbilledUsage', type: 'unbilledUsage', severity: 'warning' },
  powerLeftOn: { code: 'alertPowerLeftOn', type: 'powerOnVacant', severity: 'critical' },
  commandFailed: { code: 'alertCommandFailed', type: 'commandFailed', severity: 'warning' },
  commandTimedOut: { code: 'alertCommandTimedOut', type: 'commandFailed', severity: 'warning' },
  readingRefused: { code: 'alertReadingRefused', type: 'readingRefused', severity: 'info' },
  meterGlitch: { code: 'alertMeterGlitch', type: 'readingRefused', severity: 'info' },
  meterBaseline: { code: 'alertMeterBaseline', type: 'meterReset', severity: 'warning' },
  meterRollover: { code: 'alertMeterRollover', type: 'meterReset', severity: 'info' },
  suspectRise: { code: 'alertSuspectRise', type: 'suspectUsage', severity: 'warning' },
  leak: { code: 'alertLeak', type: 'leak', severity: 'critical' },
  nightFlow: { code: 'alertNightFlow', type: 'leak', severity: 'warning' },
  waterWhileVacant: { code: 'alertWaterWhileVacant', type: 'leak', severity: 'warning' },
  abnormalUse: { code: 'alertAbnormalUse', type: 'abnormalUse', severity: 'warning' },
  vacantDraw: { code: 'alertVacantDraw', type: 'abnormalUse', severity: 'warning' },
  // of no meter nor property: Administrators see it (docs/alerts.md)
  brokerDropped: { code: 'alertBrokerDropped', type: 'messagesLost', severity: 'critical' },
  // of a property, of no meter: an endpoint failing for days (docs/integrations.md)
  webhookDisabled: { code: 'alertWebhookDisabled', type: 'webhookFailing', severity: 'critical' },
} as const satisfies Record<string, { code: MessageCode; type: AlertType; severity: Severity }>;
export type AlertKind = keyof typeof alertKinds;
export const ALERT_KINDS = Object.keys(alertKinds) as AlertKind[];

/** The kinds of each type and severity, for the queries that filter or notify by them. */
export function kindsOf(type: AlertType, severity?: Severity): AlertKind[] {
  return ALERT_KINDS.filter((k) => alertKinds[k].type === type && (!severity || alertKinds[k].severity === severity));
}

/** The pairs of type and severity some kind has: the rows of the notification preferences. */
export const ALERT_TYPE_SEVERITIES: ReadonlyArray<{ type: AlertType; severity: Severity }> = ALERT_TYPES.flatMap(
  (type) => SEVERITIES.filter((severity) => kindsOf(type, severity).length).map((severity) => ({ type, severity })),
);

const alertParams = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/**
 * An alert as data: its kind (a message code) and the message's parameters: the meter,
 * location and property names, and the figures (times as ISO instants, shown in `timeZone`).
 * Clients render the text from the kind and parameters in their language.
 */
export const systemAlert = z.object({
  alertID: z.int32(),
  kind: z.enum(ALERT_KINDS),
  params: alertParams,
  siteID: z.int32().nullable(),
  /** The property's time zone, for the times in `params`. */
  timeZone: z.string().nullable(),
  createdAt: z.string(),
});
export type SystemAlert = z.infer<typeof systemAlert>;

/** An alert with its lifecycle, as the Alerts page lists it. */
export const alertDetail = systemAlert.extend({
  type: z.enum(ALERT_TYPES),
  severity: z.enum(SEVERITIES),
  state: z.enum(ALERT_STATES),
  locationID: z.int32().nullable(),
  servicePointID: z.int32().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  /** What the person who acknowledged it wrote; it stays once the alert is resolved. */
  note: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** Who resolved it by hand; null when it resolved by itself (or is not resolved). */
  resolvedBy: z.string().nullable(),
  /** What the person who resolved it wrote. */
  resolutionNote: z.string().nullable(),
});
export type AlertDetail = z.infer<typeof alertDetail>;

export const ALERTS_PAGE_SIZES = [25, 50, 100, 200] as const;

export const alertsQuery = z.object({
  siteID: idParam.optional(),
  /** Empty: every alert not resolved (open and acknowledged). */
  state: z.enum(ALERT_STATES).or(z.literal('')).optional().default(''),
  type: z.enum(ALERT_TYPES).or(z.literal('')).optional().default(''),
  ...pageFields(100_000),
});
export type AlertsQuery = z.input<typeof alertsQuery>;

export const alertsPage = z.object({ total: z.int32(), alerts: z.array(alertDetail) });
export type AlertsPage = z.infer<typeof alertsPage>;

export const ALERT_NOTE_MAX = 500;

/** Acknowledge or resolve alerts by hand, with an optional note. */
export const alertsAction = z.object({
  alertIDs: z.array(idParam).min(1, 'requiredField').max(500, 'maxLength'),
  note: z.string().trim().max(ALERT_NOTE_MAX, 'maxLength').optional().default(''),
});
export type AlertsAction = z.input<typeof alertsAction>;
export const alertsActed = z.object({ count: z.int32() });

/** How a user hears of alerts of a type and severity at the properties in their scope. */
export const DELIVERIES = ['now', 'digest', 'none'] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** Unless the user chose otherwise: critical alerts at once, warnings in the daily digest, the rest not mailed. */
export const DEFAULT_DELIVERY: Record<Severity, Delivery> = { critical: 'now', warning: 'digest', info: 'none' };

export const notificationPreference = z.object({
  type: z.enum(ALERT_TYPES),
  severity: z.enum(SEVERITIES),
  delivery: z.enum(DELIVERIES),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;
export const notificationPreferences = z.object({ preferences: z.array(notificationPreference).max(100) });
export type NotificationChoices = z.infer<typeof notificationPreferences>;

const threshold = (max: number) =>
  z.coerce
    .number({ error: 'fieldNotValid' })
    .min(0, 'fieldNotValid')
    .max(max, 'fieldNotValid')
    .multipleOf(0.01, 'fieldNotValid');

/** The detection rules' thresholds of a property (docs/alerts.md describes each rule). */
export const alertThresholdFields = {
  /** Leak: water in every hour of `leakHours` hours, at least this much each hour (gal). */
  leakGallonsPerHour: threshold(10_000),
  leakHours: z.coerce
    .number({ error: 'fieldNotValid' })
    .int('fieldNotValid')
    .min(2, 'fieldNotValid')
    .max(168, 'fieldNotValid'),
  /** Night flow: water between 00:00 and 06:00 local at a vacant location above this (gal). */
  nightFlowGallons: threshold(10_000),
  /** Abnormal use: a day's electric use above this multiple of the location's 30-day median. */
  abnormalMultiple: z.coerce
    .number({ error: 'fieldNotValid' })
    .min(1.1, 'fieldNotValid')
    .max(100, 'fieldNotValid')
    .multipleOf(0.1, 'fieldNotValid'),
  /** Draw at a vacant location: an hour's electric use above this (kWh). */
  vacantKwhPerHour: threshold(10_000),
  /** Unbilled usage: a day's use at a vacant location above these (kWh, gal). */
  unbilledKwhPerDay: threshold(100_000),
  unbilledGallonsPerDay: threshold(100_000),
};
export const alertThresholds = z.object({ siteID: z.int32(), ...alertThresholdFields });
export type AlertThresholds = z.infer<typeof alertThresholds>;
export const alertThresholdsRequest = z.object({ siteID: idParam, ...alertThresholdFields });
export type AlertThresholdsRequest = z.input<typeof alertThresholdsRequest>;

/** The web's path to a location: its property's locations table, searched for it (alert mails and the Alerts page link there). */
export function locationPath(siteId: number, description: string | null): string {
  return `/Locations/${siteId}${description === null ? '' : `?search=${encodeURIComponent(description)}`}`;
}
