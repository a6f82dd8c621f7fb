// @vitest-environment happy-dom
import { Role, type ReportInputs, type ReportType } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api';
import { renderWithApp, signInAs } from '../../test/render';
import { PropertyReportsModal } from './PropertyReportsModal';

const TYPES = 'GET Report/ReportsLookup';
const RECORDS = 'GET Report/ReportRecords';
const SEARCH = 'GET Report/SearchLocationDescriptions';
const site = { siteID: 5, sitePublicName: 'Pine Lake', timeZone: 'America/Denver' };

const type = (reportTypeID: number, reportTypeName: string, inputs: ReportInputs): ReportType => ({
  reportTypeID,
  reportTypeName,
  columnHeaders: 'Location,Meter',
  displayOrder: reportTypeID,
  storedProcedureCalled: `report_${reportTypeID}`,
  needsLocation: inputs.location === 'required',
  inputs,
});
const types = [
  type(1, 'Usage by Location', { location: 'optional', period: 'required' }),
  type(4, 'Meter Readings', { location: 'required', period: 'required' }),
  type(6, 'Missing and Out-of-Service Meters', { location: 'optional', period: 'unused' }),
];

function openReports() {
  signInAs(Role.SiteOwner);
  const api = mockApi({
    [TYPES]: types,
    // the report of how things stand now finds nothing: every meter reports
    [RECORDS]: (call) => ({ result: call.query.ReportID === '6' ? [] : [{ Location: 'Site B-02', Meter: 'E000002' }] }),
    [SEARCH]: [{ locationID: 2, locationDescription: 'Site B-02' }],
  });
  const view = renderWithApp(<PropertyReportsModal opened onClose={vi.fn()} site={site} />);
  return { ...view, api, dialog: screen.getByRole('dialog') };
}

async function choose(user: ReturnType<typeof openReports>['user'], dialog: HTMLElement, name: string) {
  const select = within(dialog).getByRole('textbox', { name: 'Report Type' });
  await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
  await user.click(select);
  await user.click(await screen.findByRole('option', { name }));
}

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the Property Reports dialog', () => {
  it('narrows a report of the whole property to the location picked, and says the location is optional', async () => {
    const { user, dialog, api } = openReports();
    await choose(user, dialog, 'Usage by Location');
    const location = field(dialog, /^Location/);
    expect(location.disabled).toBe(false);
    expect(describedBy(location)).toContain('Optional: leave it empty for the whole property.');
    await user.type(location, 'B-0');
    await user.click(await screen.findByRole('option', { name: 'Site B-02' }));
    await user.click(within(dialog).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(api.callsTo(RECORDS)).toHaveLength(1));
    expect(api.callsTo(RECORDS)[0]!.query).toMatchObject({ ReportID: '1', LocationDescription: 'Site B-02' });
  });

  it('disables the dates of a report that takes no period, says why, and sends none', async () => {
    const { user, dialog, api } = openReports();
    await choose(user, dialog, 'Missing and Out-of-Service Meters');
    for (const name of [/^Start Date/, /^End Date/]) {
      const date = within(dialog).getByLabelText(name) as HTMLInputElement;
      expect(date.disabled, String(name)).toBe(true);
      expect(describedBy(date)).toContain('Not used: this report shows how things stand now.');
    }
    await user.click(within(dialog).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(api.callsTo(RECORDS)).toHaveLength(1));
    const query = api.callsTo(RECORDS)[0]!.query;
    expect(query.ReportID).toBe('6');
    expect(query).not.toHaveProperty('PeriodStartDate');
    expect(query).not.toHaveProperty('EndDate');
    expect(await within(dialog).findByText('Nothing to show now')).toBeTruthy();
  });

  it('marks the location of a report of one location as required, and refuses a location typed but not picked', async () => {
    const { user, dialog, api } = openReports();
    await choose(user, dialog, 'Meter Readings');
    const location = field(dialog, /^Location/);
    expect(
      location.required ||
        location.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-required'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'View' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Invalid Location Description: Please Search and Select one of the description from Dropdown',
    );
    await choose(user, dialog, 'Usage by Location');
    await user.type(field(dialog, /^Location/), 'Site B');
    await user.click(within(dialog).getByRole('button', { name: 'View' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Invalid Location Description: Please Search and Select one of the description from Dropdown',
      ),
    );
    expect(api.callsTo(RECORDS)).toEqual([]);
  });
});
