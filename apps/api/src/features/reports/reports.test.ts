import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRow, ReportType } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/harness';
import { reports, runReport, streamReport } from './registry';
import { prepare } from './service';
import { reportFixture } from '../../test/report-fixture';

let t: TestApp;
let f: Awaited<ReturnType<typeof reportFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t);
});
afterAll(() => t.close());

const ids: Record<string, number> = {
  usage_by_location: 1,
  daily_usage_per_location: 2,
  stay_transactions: 3,
  meter_readings_of_location: 4,
  device_control_log: 5,
  missing_and_out_of_service: 6,
  monthly_billing_summary: 7,
  location_usage_by_day: 11,
  billing_by_stay: 12,
  rms_meter_reads: 13,
};

/** Runs a report; a period of null is left out of the request. */
function run(
  name: string,
  start: string | null,
  end: string | null,
  over: { token?: string; location?: string; siteId?: number; id?: number } = {},
) {
  const q = new URLSearchParams({
    ReportID: String(over.id ?? ids[name]),
    SiteID: String(over.siteId ?? f.site.id),
    StoredProcedureCalled: name,
    ...(start === null ? {} : { PeriodStartDate: start }),
    ...(end === null ? {} : { EndDate: end }),
    LocationDescription: over.location ?? '',
  });
  return t.call<ReportRow[]>({
    method: 'GET',
    url: `/api/Report/ReportRecords?${q}`,
    token: over.token ?? f.tokens.owner,
  });
}

/** The property's report types, as its Site Manager's dialog reads them. */
const reportTypes = () =>
  t.call<ReportType[]>({
    method: 'GET',
    url: `/api/Report/ReportsLookup?siteID=${f.site.id}`,
    token: f.tokens.manager,
  });

describe('report types', () => {
  it('lists the report types by display order, each registered on the server with the same headers', async () => {
    const res = await reportTypes();
    expect(res.status).toBe(200);
    const orders = res.body.result.map((r) => r.displayOrder);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    for (const type of res.body.result) {
      const def = reports[type.storedProcedureCalled];
      expect(def, type.storedProcedureCalled).toBeDefined();
      expect(def!.columns.map((c) => c.header).join(',')).toBe(type.columnHeaders);
      expect(type.needsLocation).toBe(type.reportTypeID === 4 || type.reportTypeID === 11);
    }
  });

  it.each([
    ['otherOwner', 403],
    ['otherManager', 403],
    ['manager', 200],
    ['owner', 200],
    ['admin', 200],
  ] as const)('ReportsLookup as %s answers %i', async (who, status) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/Report/ReportsLookup?siteID=${f.site.id}`,
      token: f.tokens[who],
    });
    expect(res.status).toBe(status);
  });

  it('answers 401 signed out', async () => {
    expect((await t.call({ method: 'GET', url: `/api/Report/ReportsLookup?siteID=${f.site.id}` })).status).toBe(401);
  });
});

describe('report records', () => {
  it('usage by location over whole local days across the DST change: the reset splits the meter’s row', async () => {
    const res = await run('usage_by_location', '2026-11-01T00:00', '2026-11-02T23:59');
    expect(res.status).toBe(200);
    const [beforeReset, afterReset, aW, bE] = res.body.result;
    const e = { Location: f.a.description, Meter: f.e.name, Type: 'Electric', Unit: 'kWh', Rate: 0.15 };
    expect(beforeReset).toEqual({ ...e, 'Start Reading': 1010, 'End Reading': 1040, Usage: 30, Amount: 4.5 });
    expect(afterReset).toEqual({ ...e, 'Start Reading': 10, 'End Reading': 25, Usage: 15, Amount: 2.25 });
    expect(aW).toMatchObject({ Meter: f.w.name, 'Start Reading': 500, 'End Reading': 600, Usage: 100, Amount: 1 });
    expect(bE).toMatchObject({ Location: f.b.description, Usage: 0, 'Start Reading': null, Amount: 0 });
  });

  it('usage by location over partial days adds the raw readings at the edges', async () => {
    // Oct 31 12:00 MDT to Nov 2 13:00 MST: Nov 1 whole (30), Nov 2 00:00–13:01 (reset 0, +15 at 13:00)
    const res = await run('usage_by_location', '2026-10-31 12:00', '2026-11-02 13:00');
    expect(res.body.result.slice(0, 2)).toMatchObject([
      { 'Start Reading': 1010, 'End Reading': 1040, Usage: 30, Amount: 4.5 },
      { 'Start Reading': 10, 'End Reading': 25, Usage: 15, Amount: 2.25 },
    ]);
    const before = await run('usage_by_location', '2026-10-31 12:00', '2026-11-02 12:59');
    expect(before.body.result.slice(0, 2)).toMatchObject([
      { 'Start Reading': 1010, 'End Reading': 1040, Usage: 30 },
      { 'Start Reading': 10, 'End Reading': 10, Usage: 0 },
    ]);
  });

  it('daily usage per location counts each reading on its local day', async () => {
    const res = await run('daily_usage_per_location', '2026-11-01 00:00', '2026-11-02 23:59');
    expect(res.body.result).toEqual([
      { Date: '2026-11-01', Location: f.a.description, 'Electric (kWh)': 30, 'Water (gal)': 100 },
      { Date: '2026-11-02', Location: f.a.description, 'Electric (kWh)': 15, 'Water (gal)': 0 },
    ]);
  });

  it('stay transactions with guest, local times and the usage of the stay’s span [check-in, check-out)', async () => {
    // E: +10 at check-in (the reading at 12:00Z), +20, +5, +5, the reset; 25 is read at check-out itself
    const res = await run('stay_transactions', '2026-11-01 00:00', '2026-11-30 23:59');
    expect(res.body.result).toEqual([
      {
        Location: f.a.description,
        Guest: 'Gina Guest',
        Phone: '(555) 123-4567',
        'Check In': '2026-10-31 06:00:00',
        'Check Out': '2026-11-02 13:00:00',
        'Electric (kWh)': 40,
        'Water (gal)': 100,
      },
    ]);
  });

  it('meter readings of one location show the repeated hour of the DST change', async () => {
    const res = await run('meter_readings_of_location', '2026-11-01 00:00', '2026-11-01 23:59', {
      location: f.a.description.toLowerCase(),
    });
    expect(res.status).toBe(200);
    expect(res.body.result.map((r) => [r['Date & Time'], r.Meter, r.Reading])).toEqual([
      ['2026-11-01 01:30:00', f.e.name, 1030],
      ['2026-11-01 01:30:00', f.e.name, 1035],
      ['2026-11-01 05:00:00', f.w.name, 500],
      ['2026-11-01 13:00:00', f.w.name, 600],
      ['2026-11-01 23:30:00', f.e.name, 1040],
    ]);
  });

  it('device control log', async () => {
    const res = await run('device_control_log', '2026-11-01 00:00', '2026-11-01 23:59');
    expect(res.body.result).toEqual([
      {
        'Date & Time': '2026-11-01 08:00:00',
        Location: f.a.description,
        Meter: f.e.name,
        Requested: 'On',
        Result: 'acked (0)',
        Answered: '2026-11-01 08:00:05',
      },
    ]);
  });

  it('missing and out-of-service meters', async () => {
    const res = await run('missing_and_out_of_service', null, null);
    expect(res.body.result).toEqual([
      {
        Location: f.b.description,
        Meter: f.missing.name,
        Type: 'Electric',
        Status: 'Missing',
        'Last Seen': '2026-10-20 12:00:00',
      },
    ]);
  });

  it('monthly billing summary by local month', async () => {
    const res = await run('monthly_billing_summary', '2026-10-01 00:00', '2026-11-30 23:59');
    expect(res.body.result).toEqual([
      {
        Month: '2026-10',
        'Electric (kWh)': 10,
        'Electric Amount': 1.5,
        'Water (gal)': 0,
        'Water Amount': 0,
        'Total Amount': 1.5,
      },
      {
        Month: '2026-11',
        'Electric (kWh)': 50,
        'Electric Amount': 7.5,
        'Water (gal)': 100,
        'Water Amount': 1,
        'Total Amount': 8.5,
      },
    ]);
  });

  it('location usage by day: start, end and usage per meter; the day of the reset opens at the reset reading', async () => {
    const res = await run('location_usage_by_day', '2026-11-01 00:00', '2026-11-02 23:59', {
      location: f.a.description,
    });
    expect(res.body.result).toEqual([
      { Date: '2026-11-01', Meter: f.e.name, Type: 'Electric', 'Start Reading': 1010, 'End Reading': 1040, Usage: 30 },
      { Date: '2026-11-01', Meter: f.w.name, Type: 'Water', 'Start Reading': 500, 'End Reading': 600, Usage: 100 },
      { Date: '2026-11-02', Meter: f.e.name, Type: 'Electric', 'Start Reading': 10, 'End Reading': 25, Usage: 15 },
    ]);
  });

  it.each([
    ['an unknown name', { name: 'drop_table_sites', id: 1 }, 'This report is not available.'],
    ['a name of another report type', { name: 'usage_by_location', id: 5 }, 'This report is not available.'],
    ['a prototype key', { name: 'constructor', id: 1 }, 'This report is not available.'],
  ])('refuses %s with 400, running nothing', async (_label, { name, id }, message) => {
    const res = await run(name, '2026-11-01 00:00', '2026-11-02 23:59', { id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a start after or equal to the end', async () => {
    const res = await run('usage_by_location', '2026-11-02 00:00', '2026-11-02 00:00');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid Dates: Start date/time cannot be after or equal to end date/time');
  });

  it.each([[''], ['No such location']])('reports 4 and 11 need a location of the site (%j)', async (location) => {
    const res = await run('meter_readings_of_location', '2026-11-01 00:00', '2026-11-02 23:59', { location });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Invalid Location Description: Please Search and Select one of the description from Dropdown',
    );
  });

  it.each(['otherOwner', 'otherManager'] as const)('answers 403 to %s for a property out of scope', async (who) => {
    const res = await run('usage_by_location', '2026-11-01 00:00', '2026-11-02 23:59', { token: f.tokens[who] });
    expect(res.status).toBe(403);
    expect(res.body.result).not.toBeInstanceOf(Array);
  });

  it('searches location descriptions of the property from 2 characters', async () => {
    const res = await t.call<Array<{ locationDescription: string }>>({
      method: 'GET',
      url: `/api/Report/SearchLocationDescriptions?siteID=${f.site.id}&search=${encodeURIComponent(f.a.description.slice(0, 4))}`,
      token: f.tokens.manager,
    });
    expect(res.body.result.map((r) => r.locationDescription)).toEqual([f.a.description]);
    const other = await t.call({
      method: 'GET',
      url: `/api/Report/SearchLocationDescriptions?siteID=${f.site.id}&search=A-`,
      token: f.tokens.otherOwner,
    });
    expect(other.status).toBe(403);
  });
});

describe('the inputs each report type takes', () => {
  it('are the server registry’s: a location needed or taken, a period needed or of no use', async () => {
    const res = await reportTypes();
    const inputs = Object.fromEntries(res.body.result.map((r) => [r.storedProcedureCalled, r.inputs]));
    const wholeProperty = { location: 'optional', period: 'required' };
    expect(inputs).toEqual({
      usage_by_location: wholeProperty,
      daily_usage_per_location: wholeProperty,
      stay_transactions: wholeProperty,
      meter_readings_of_location: { location: 'required', period: 'required' },
      device_control_log: wholeProperty,
      missing_and_out_of_service: { location: 'optional', period: 'unused' },
      monthly_billing_summary: wholeProperty,
      location_usage_by_day: { location: 'required', period: 'required' },
      billing_by_stay: wholeProperty,
      rms_meter_reads: wholeProperty,
    });
    for (const type of res.body.result) expect(type.needsLocation).toBe(type.inputs.location === 'required');
  });

  /** The period each report is run over below (none for a report that takes none). */
  const period = (name: string): [string | null, string | null] =>
    name === 'missing_and_out_of_service' ? [null, null] : ['2026-10-01 00:00', '2026-11-30 23:59'];

  it.each([
    ['usage_by_location', 'b'],
    ['daily_usage_per_location', 'b'],
    ['stay_transactions', 'b'],
    ['device_control_log', 'b'],
    ['missing_and_out_of_service', 'a'],
    ['billing_by_stay', 'b'],
  ] as const)('%s narrowed to one location answers that location’s rows only', async (name, picked) => {
    const other = picked === 'a' ? f.b.description : f.a.description;
    const all = await run(name, ...period(name));
    expect(all.body.result.map((r) => r.Location)).toContain(other);
    const one = await run(name, ...period(name), { location: f[picked].description.toLowerCase() });
    expect(one.status).toBe(200);
    expect(one.body.result.map((r) => r.Location).filter((l) => l !== f[picked].description)).toEqual([]);
  });

  it('monthly billing summary narrowed to a location without usage sums none', async () => {
    const all = await run('monthly_billing_summary', ...period('monthly_billing_summary'));
    expect(all.body.result.some((r) => Number(r['Electric (kWh)']) > 0)).toBe(true);
    const one = await run('monthly_billing_summary', ...period('monthly_billing_summary'), {
      location: f.b.description,
    });
    expect(one.body.result.filter((r) => Number(r['Electric (kWh)']) > 0 || Number(r['Water (gal)']) > 0)).toEqual([]);
  });

  it('refuses a location that is not the property’s, rather than run the report for all', async () => {
    const res = await run('usage_by_location', '2026-11-01 00:00', '2026-11-02 23:59', {
      location: 'No such location',
    });
    expect(res.status).toBe(400);
    expect(res.body.messageCode).toBe('invalidLocationDescription');
  });

  it('refuses a period for a report that takes none, and needs one for a report that takes one', async () => {
    const snapshot = await run('missing_and_out_of_service', '2026-11-01 00:00', '2026-11-01 23:59');
    expect(snapshot.status).toBe(400);
    expect(snapshot.body).toMatchObject({
      messageCode: 'reportTakesNoPeriod',
      message: 'This report takes no period: it shows how things stand now.',
    });
    const usage = await run('usage_by_location', null, null);
    expect(usage.status).toBe(400);
    expect(usage.body.messageCode).toBe('invalidReportInput');
  });
});

describe('export cursor', () => {
  it('hands over the same rows in batches as the view answers at once', async () => {
    const site = { siteId: f.site.id, busEntityId: f.site.busEntityId, deleted: false };
    const prepared = await prepare(t.deps.db, site, {
      reportId: 4,
      name: 'meter_readings_of_location',
      start: '2026-10-30 00:00',
      end: '2026-11-03 23:59',
      locationDescription: f.a.description,
    });
    const batches: number[] = [];
    const streamed: unknown[] = [];
    await streamReport(
      t.deps.db,
      prepared.def,
      prepared.params,
      async (rows) => {
        batches.push(rows.length);
        streamed.push(...rows);
      },
      3,
    );
    expect(batches).toEqual([3, 3, 3, 1]);
    expect(streamed).toEqual(await runReport(t.deps.db, prepared.def, prepared.params));
  });
});

describe('Excel export', () => {
  const excelUrl = (over: Record<string, string> = {}) =>
    `/api/Report/GetDynamicExcel?${new URLSearchParams({
      Header: 'Location,Meter',
      SiteID: String(f.site.id),
      LocationDes: '',
      ReportStartDate: '2026-11-01',
      ReportEndDate: '2026-11-02',
      SiteName: 'ignored',
      ReportStartTime: '00:00',
      ReportEndTime: '23:59',
      ReportName: 'Usage by Location',
      ReportID: '1',
      StoredProcedureCalled: 'usage_by_location',
      ...over,
    })}`;

  it('streams an .xlsx with a title row, frozen header, typed cells and the same figures as the view', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: excelUrl(),
      headers: { authorization: `Bearer ${f.tokens.owner}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Report_2026-11-01_To_2026-11-02.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(String(sheet.getRow(1).getCell(1).value)).toBe(
      'Lakeside RV - Usage by Location - 2026-11-01 00:00 to 2026-11-02 23:59',
    );
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    const headers = (sheet.getRow(2).values as unknown[]).slice(1);
    const view = await run('usage_by_location', '2026-11-01 00:00', '2026-11-02 23:59');
    expect(headers).toEqual(Object.keys(view.body.result[0]!));
    const fileRows: ReportRow[] = [];
    for (let i = 3; i <= sheet.rowCount; i++) {
      const values = (sheet.getRow(i).values as unknown[]).slice(1);
      fileRows.push(Object.fromEntries(headers.map((h, j) => [h as string, values[j] ?? null])) as ReportRow);
    }
    expect(fileRows).toEqual(view.body.result);
    expect(typeof sheet.getRow(3).getCell(6).value).toBe('number');
    expect(sheet.getColumn(1).width).toBe(24);
  });

  it('writes dates as date cells', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: excelUrl({ ReportID: '5', StoredProcedureCalled: 'device_control_log', ReportName: 'Device Control Log' }),
      headers: { authorization: `Bearer ${f.tokens.admin}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = book.worksheets[0]!.getRow(3).getCell(1).value;
    expect(cell).toBeInstanceOf(Date);
    expect((cell as Date).toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('exports a report that takes no period without one, titled and named for when it was made', async () => {
    const snapshot = {
      ReportID: '6',
      StoredProcedureCalled: 'missing_and_out_of_service',
      ReportName: 'Missing and Out-of-Service Meters',
    };
    const url = new URL(excelUrl(snapshot), 'http://x');
    url.searchParams.delete('ReportStartDate');
    url.searchParams.delete('ReportEndDate');
    t.clock.set(new Date('2026-11-20T17:30:00Z'));
    const res = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { authorization: `Bearer ${f.tokens.admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Report_2026-11-20_To_2026-11-20.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe(
      'Lakeside RV - Missing and Out-of-Service Meters - as of 2026-11-20 10:30',
    );
    const dated = await t.call({ method: 'GET', url: excelUrl(snapshot), token: f.tokens.admin });
    expect(dated.status).toBe(400);
    expect(dated.body).toMatchObject({ messageCode: 'reportTakesNoPeriod' });
  });

  it('answers 403 out of scope and 400 for an unknown report, as JSON', async () => {
    const out = await t.call({ method: 'GET', url: excelUrl(), token: f.tokens.otherManager });
    expect(out.status).toBe(403);
    const bad = await t.call({
      method: 'GET',
      url: excelUrl({ StoredProcedureCalled: 'nope' }),
      token: f.tokens.owner,
    });
    expect(bad.status).toBe(400);
  });
});
