// @vitest-environment happy-dom
import { Role, type ReportSchedule, type ReportType, type RoleId, type ScheduleRun } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Call, mockApi } from '../../../test/api';
import { cellTexts, renderWithApp, signInAs } from '../../../test/render';
import { SchedulesDialog } from './SchedulesDialog';

const LIST = 'GET Report/GetSchedules';
const UPSERT = 'POST Report/UpsertSchedule';
const REMOVE = 'DELETE Report/DeleteSchedule';
const RUNS = 'GET Report/GetScheduleRuns';
const TYPES = 'GET Report/ReportsLookup';
const site = { siteID: 5, sitePublicName: 'Pine Lake', timeZone: 'America/Denver' };

const types: ReportType[] = [
  {
    reportTypeID: 1,
    reportTypeName: 'Usage by Location',
    columnHeaders: '',
    displayOrder: 1,
    storedProcedureCalled: 'usage_by_location',
    needsLocation: false,
    inputs: { location: 'optional', period: 'required' },
  },
  {
    reportTypeID: 4,
    reportTypeName: 'Meter Readings of a Location',
    columnHeaders: '',
    displayOrder: 4,
    storedProcedureCalled: 'meter_readings_of_location',
    needsLocation: true,
    inputs: { location: 'required', period: 'required' },
  },
];

const run: ScheduleRun = {
  runID: 30,
  scheduleID: 11,
  dueAt: '2026-11-02T13:00:00.000Z',
  periodStart: '2026-10-26 00:00',
  periodEnd: '2026-11-02 00:00',
  status: 'done',
  rows: 42,
  fileName: 'Report_2026-10-26_To_2026-11-01.xlsx',
  error: null,
  finishedAt: '2026-11-02T13:00:05.000Z',
  mailsSent: 1,
  mailsPending: 1,
  mailsFailed: 0,
};

const weekly: ReportSchedule = {
  scheduleID: 11,
  siteID: 5,
  reportTypeID: 1,
  reportName: 'Usage by Location',
  frequency: 'weekly',
  time: '06:00',
  format: 'xlsx',
  recipients: ['ops@pine.test', 'owner@pine.test'],
  recipientStates: [
    { email: 'ops@pine.test', state: 'user' },
    { email: 'owner@pine.test', state: 'user' },
  ],
  locationDescription: '',
  timeZone: 'America/Denver',
  nextRunAt: '2026-11-09T13:00:00.000Z',
  lastRun: run,
};

type Answer = ReturnType<Extract<Parameters<typeof mockApi>[0][string], (call: Call) => unknown>>;

function openSchedules(
  role: RoleId,
  schedules: ReportSchedule[] | ((call: Call) => Answer),
  more: Record<string, Parameters<typeof mockApi>[0][string]> = {},
) {
  signInAs(role);
  const api = mockApi({ [LIST]: schedules, [TYPES]: types, [RUNS]: [run], ...more });
  const onClose = vi.fn();
  const view = renderWithApp(<SchedulesDialog site={site} onClose={onClose} />);
  return { ...view, api, dialog: screen.getByRole('dialog', { name: 'Scheduled Reports - Pine Lake' }) };
}

describe('Scheduled Reports of a property', () => {
  it('[Site Owner] lists the schedules with their next run in the property’s zone and their last run', async () => {
    const { dialog, api } = openSchedules(Role.SiteOwner, [weekly]);
    const table = await within(dialog).findByRole('table', { name: 'Scheduled reports' });
    expect(api.callsTo(LIST)[0]?.query).toEqual({ siteID: '5' });
    const [, row] = within(table).getAllByRole('row');
    expect(cellTexts(row!)).toEqual([
      'Weekly',
      '06:00',
      'Excel (.xlsx)',
      'ops@pine.testowner@pine.test',
      'Nov 9, 2026, 6:00 AM MST',
      'Done2026-10-26 to 2026-11-01',
      '',
    ]);
    expect(within(row!).getByRole('rowheader').textContent).toBe('Usage by Location');
    expect(within(row!).getByRole('button', { name: 'Edit the schedule of Usage by Location' })).toBeTruthy();
  });

  it('shows the state of each recipient outside the business: waiting for confirmation, or confirmed', async () => {
    const outside: ReportSchedule = {
      ...weekly,
      recipients: ['ops@pine.test', 'books@example.com', 'audit@example.com'],
      recipientStates: [
        { email: 'ops@pine.test', state: 'user' },
        { email: 'books@example.com', state: 'waiting' },
        { email: 'audit@example.com', state: 'confirmed' },
      ],
    };
    const { dialog } = openSchedules(Role.SiteManager, [outside]);
    const list = await within(dialog).findByRole('list', { name: 'Recipients of Usage by Location' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['ops@pine.test', 'books@example.comWaiting for confirmation', 'audit@example.comConfirmed']);
  });

  it('says that outside addresses get reports only once they confirm, and without the guests’ contact details', async () => {
    const { user, dialog } = openSchedules(Role.SiteOwner, []);
    await user.click(await within(dialog).findByRole('button', { name: 'New schedule' }));
    expect(
      within(dialog).getByText(
        'Addresses outside the business get the report only once they have confirmed by the link mailed to them, and without the guests’ names and phone numbers.',
      ),
    ).toBeTruthy();
  });

  it('[Site Owner] creates a schedule: the report, when, the format and the recipients', async () => {
    let saved = false;
    const { user, dialog, api } = openSchedules(Role.SiteOwner, () => ({ result: saved ? [weekly] : [] }), {
      [UPSERT]: () => {
        saved = true;
        return { result: weekly };
      },
    });
    await within(dialog).findByText('No scheduled reports');
    await user.click(within(dialog).getByRole('button', { name: 'New schedule' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Report/ }), 'Usage by Location');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Frequency' }), 'Daily');
    const time = within(dialog).getByLabelText(/^Time \(America\/Denver\)/);
    await user.clear(time);
    await user.type(time, '07:30');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Format' }), 'CSV');
    await user.type(within(dialog).getByRole('textbox', { name: /^Recipients/ }), 'ops@pine.test,books@pine.test,');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

    await waitFor(() => expect(api.callsTo(UPSERT)).toHaveLength(1));
    expect(api.callsTo(UPSERT)[0]?.body).toEqual({
      siteID: 5,
      reportTypeID: 1,
      frequency: 'daily',
      time: '07:30',
      format: 'csv',
      recipients: ['ops@pine.test', 'books@pine.test'],
      locationDescription: '',
    });
    expect(await screen.findByText('The scheduled report has been saved.')).toBeTruthy();
    await within(dialog).findByRole('table', { name: 'Scheduled reports' });
  });

  it('checks the form and sends nothing while it is wrong: a report, an address, a location', async () => {
    const { user, dialog, api } = openSchedules(Role.Administrator, []);
    await user.click(await within(dialog).findByRole('button', { name: 'New schedule' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Recipients/ }), 'ops@pine.test,not-an-address,');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText('Not an e-mail address: not-an-address')).toBeTruthy();
    expect(within(dialog).getByText('Required field')).toBeTruthy();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Report/ }), 'Meter Readings of a Location');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByRole('textbox', { name: /^Location/ })).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByText('Required field')).toHaveLength(1));
    expect(api.callsTo(UPSERT)).toEqual([]);
  });

  it('puts the server’s field error on its field', async () => {
    const { user, dialog, api } = openSchedules(Role.SiteOwner, [weekly], {
      [UPSERT]: () => ({
        status: 400,
        result: {
          code: 'invalid',
          errors: [{ field: 'reportTypeID', code: 'unknownReport', message: 'This report is not available.' }],
        },
        message: 'This report is not available.',
      }),
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit the schedule of Usage by Location' }));
    expect(within(dialog).getByText('Edit scheduled report')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(api.callsTo(UPSERT)).toHaveLength(1));
    expect(api.callsTo(UPSERT)[0]?.body).toMatchObject({ scheduleID: 11, reportTypeID: 1, frequency: 'weekly' });
    expect(await within(dialog).findByText('This report is not available.')).toBeTruthy();
    expect(await screen.findByText('The scheduled report was not saved: check the marked fields.')).toBeTruthy();
  });

  it('deletes a schedule after the confirmation', async () => {
    const { user, dialog, api } = openSchedules(Role.SiteOwner, [weekly], { [REMOVE]: null });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete the schedule of Usage by Location' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete scheduled report' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(REMOVE)).toHaveLength(1));
    expect(api.callsTo(REMOVE)[0]?.query).toEqual({ id: '11' });
    expect(await screen.findByText('The scheduled report has been deleted.')).toBeTruthy();
  });

  it('shows a schedule’s runs: status, period, rows, file and mails', async () => {
    const { user, dialog, api } = openSchedules(Role.SiteManager, [weekly]);
    await user.click(await within(dialog).findByRole('button', { name: 'Run history of Usage by Location' }));
    const table = await within(dialog).findByRole('table', { name: 'Run history - Usage by Location' });
    expect(api.callsTo(RUNS)[0]?.query).toEqual({ id: '11' });
    const [, row] = within(table).getAllByRole('row');
    expect(cellTexts(row!)).toEqual([
      'Done',
      '2026-10-26 to 2026-11-01',
      'Nov 2, 2026, 6:00 AM MST',
      '42',
      'Report_2026-10-26_To_2026-11-01.xlsx',
      '1 sent, 1 pending, 0 failed',
      '',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Back to the schedules' }));
    expect(await within(dialog).findByRole('table', { name: 'Scheduled reports' })).toBeTruthy();
  });

  it('[Site Manager] sees the schedules read-only', async () => {
    const { dialog } = openSchedules(Role.SiteManager, [weekly]);
    await within(dialog).findByRole('table', { name: 'Scheduled reports' });
    expect(within(dialog).getByText(/Only an Administrator or Site Owner can/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'New schedule' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Edit the schedule/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Delete the schedule/ })).toBeNull();
  });

  it('says so when the schedules cannot be loaded', async () => {
    const { dialog } = openSchedules(Role.SiteOwner, () => ({ status: 403, message: 'Forbidden' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText('The scheduled reports could not be loaded.')).toBeTruthy();
  });
});
