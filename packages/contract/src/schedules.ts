import { z } from 'zod';
import { EMAIL_PATTERN, idParam } from './fields';

/**
 * A report mailed on a schedule: each run covers the period just ended in the property's time
 * zone (the day before, the week before ending at the property's week start, the month before)
 * and goes out at the chosen local time as an attachment to every recipient.
 */
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A run is made once (a row a schedule and due time), then its mails are queued or it failed with the error. */
export const RUN_STATUSES = ['running', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const SCHEDULE_RECIPIENTS_MAX = 20;
/** Scheduled reports a property can have. */
export const SCHEDULES_PER_PROPERTY_MAX = 20;
/** Confirmation requests a business may send to outside addresses in 24 hours. */
export const RECIPIENT_INVITATIONS_PER_DAY = 20;

/**
 * Who a recipient is, for the property: a user of its business, an outside address that
 * confirmed by the link mailed to it, or one that has not yet. Reports go to the first two
 * only, and to outside addresses without the guests' contact columns.
 */
export const RECIPIENT_STATES = ['user', 'confirmed', 'waiting'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

const recipient = z.string().trim().max(254, 'maxLength').regex(EMAIL_PATTERN, 'fieldNotValid');

export const scheduleRequest = z.object({
  /** Absent or 0: a new schedule (0 is read as absent, so the scope check looks up no schedule 0). */
  scheduleID: idParam.optional().transform((id) => id || undefined),
  siteID: idParam,
  reportTypeID: idParam,
  frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'requiredField' }),
  /** Local time of the property, HH:mm. */
  time: z
    .string({ error: 'requiredField' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'fieldNotValid'),
  format: z.enum(REPORT_FORMATS, { error: 'requiredField' }),
  recipients: z.array(recipient).min(1, 'requiredField').max(SCHEDULE_RECIPIENTS_MAX, 'maxLength'),
  /** For the reports of one location. */
  locationDescription: z.string().trim().max(100, 'maxLength').optional().default(''),
});
export type ScheduleRequest = z.input<typeof scheduleRequest>;

export const scheduleRun = z.object({
  runID: z.int32(),
  scheduleID: z.int32(),
  /** The instant the run was due. */
  dueAt: z.string(),
  /** The period the report covers, local to the property: 'YYYY-MM-DD HH:mm', the end exclusive. */
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(RUN_STATUSES),
  rows: z.int32().nullable(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Of the run's mails: how many left, how many wait, how many failed for good. */
  mailsSent: z.int32(),
  mailsPending: z.int32(),
  mailsFailed: z.int32(),
});
export type ScheduleRun = z.infer<typeof scheduleRun>;

export const reportSchedule = z.object({
  scheduleID: z.int32(),
  siteID: z.int32(),
  reportTypeID: z.int32(),
  reportName: z.string(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  time: z.string(),
  format: z.enum(REPORT_FORMATS),
  recipients: z.array(z.string()),
  /** Each recipient, in order, with who it is for the property. */
  recipientStates: z.array(z.object({ email: z.string(), state: z.enum(RECIPIENT_STATES) })),
  locationDescription: z.string(),
  timeZone: z.string(),
  nextRunAt: z.string(),
  lastRun: scheduleRun.nullable(),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;

export const scheduleIdQuery = z.object({ id: idParam });

/** The token of the link mailed to an outside recipient. */
const recipientToken = z.string().trim().min(1).max(64);
export const recipientTokenQuery = z.object({ token: recipientToken });
export const recipientTokenBody = z.object({ token: recipientToken });

/** What the confirmation page shows: whose reports, to which address, and whether confirmed. */
export const recipientInvitation = z.object({
  propertyName: z.string(),
  email: z.string(),
  confirmed: z.boolean(),
});
export type RecipientInvitation = z.infer<typeof recipientInvitation>;
