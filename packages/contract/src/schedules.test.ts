import { describe, expect, it } from 'vitest';
import { SCHEDULE_RECIPIENTS_MAX, scheduleRequest } from './schedules';

const valid = {
  siteID: 3,
  reportTypeID: 1,
  frequency: 'weekly',
  time: '06:00',
  format: 'csv',
  recipients: ['ops@pine.test'],
};

const issues = (input: object) =>
  scheduleRequest.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('scheduleRequest', () => {
  it('reads an absent or 0 scheduleID as a new schedule, and trims the location', () => {
    expect(scheduleRequest.parse(valid)).toEqual({ ...valid, scheduleID: undefined, locationDescription: '' });
    expect(scheduleRequest.parse({ ...valid, scheduleID: 0 }).scheduleID).toBeUndefined();
    expect(scheduleRequest.parse({ ...valid, scheduleID: 9, locationDescription: ' A-1 ' })).toMatchObject({
      scheduleID: 9,
      locationDescription: 'A-1',
    });
  });

  it.each([
    [{ recipients: [] }, 'recipients', 'requiredField'],
    [{ recipients: ['ops@pine.test', 'nobody'] }, 'recipients.1', 'fieldNotValid'],
    [
      { recipients: Array.from({ length: SCHEDULE_RECIPIENTS_MAX + 1 }, (_, i) => `r${i}@pine.test`) },
      'recipients',
      'maxLength',
    ],
    [{ time: '6:00' }, 'time', 'fieldNotValid'],
    [{ time: '24:00' }, 'time', 'fieldNotValid'],
    [{ time: undefined }, 'time', 'requiredField'],
    [{ frequency: 'hourly' }, 'frequency', 'requiredField'],
    [{ format: 'pdf' }, 'format', 'requiredField'],
    [{ locationDescription: 'x'.repeat(101) }, 'locationDescription', 'maxLength'],
  ])('refuses %j on %s with %s', (over, field, message) => {
    expect(issues({ ...valid, ...over })).toEqual([[field, message]]);
  });
});
