import {
  type ReportFormat,
  type ReportSchedule,
  type ScheduleFrequency,
  type ScheduleRequest,
  scheduleRequest,
} from '@portal/contract';
import { get, type Resolver } from 'react-hook-form';
import { requestResolver } from '../../../lib/schemaForm';

/** The schedule form's fields; the report type is the select's text value ('' when none is chosen). */
export type ScheduleFormValues = {
  reportTypeID: string;
  frequency: ScheduleFrequency;
  time: string;
  format: ReportFormat;
  recipients: string[];
  locationDescription: string;
};

export const FORM_FIELDS = [
  'reportTypeID',
  'frequency',
  'time',
  'format',
  'recipients',
  'locationDescription',
] as const;

export function initialValues(schedule: ReportSchedule | null): ScheduleFormValues {
  return schedule
    ? {
        reportTypeID: String(schedule.reportTypeID),
        frequency: schedule.frequency,
        time: schedule.time,
        format: schedule.format,
        recipients: [...schedule.recipients],
        locationDescription: schedule.locationDescription,
      }
    : { reportTypeID: '', frequency: 'weekly', time: '06:00', format: 'xlsx', recipients: [], locationDescription: '' };
}

/** What the form sends: a location only for a report of one location. */
function requestOf(
  values: ScheduleFormValues,
  siteID: number,
  scheduleID: number,
  needsLocation: boolean,
): ScheduleRequest {
  return {
    ...(scheduleID ? { scheduleID } : {}),
    siteID,
    reportTypeID: values.reportTypeID === '' ? 0 : Number(values.reportTypeID),
    frequency: values.frequency,
    time: values.time,
    format: values.format,
    recipients: values.recipients.map((r) => r.trim()).filter((r) => r !== ''),
    locationDescription: needsLocation ? values.locationDescription.trim() : '',
  };
}

/**
 * Checks the request the form would send against the contract's schema (`scheduleRequest`):
 * each message (a catalogue code) lands on its field. A recipient that is no address is
 * named: its error's type is 'address' and its message the address.
 */
export function scheduleResolver(
  siteID: number,
  scheduleID: number,
  needsLocation: (reportTypeID: string) => boolean,
): Resolver<ScheduleFormValues, unknown, ScheduleRequest> {
  return requestResolver(
    scheduleRequest,
    (values: ScheduleFormValues) => requestOf(values, siteID, scheduleID, needsLocation(values.reportTypeID)),
    (values, errors, request) => {
      const wrong = request.recipients.findIndex((_, index) => get(errors, `recipients.${index}`) !== undefined);
      if (wrong >= 0) errors.recipients = { type: 'address', message: request.recipients[wrong] };
      else if (errors.recipients) errors.recipients = get(errors, 'recipients.root');
      if (request.reportTypeID === 0) errors.reportTypeID = { type: 'required', message: 'requiredField' };
      if (needsLocation(values.reportTypeID) && request.locationDescription === '')
        errors.locationDescription = { type: 'required', message: 'requiredField' };
    },
  );
}
