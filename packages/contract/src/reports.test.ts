import { describe, expect, it } from 'vitest';
import {
  csvDocument,
  csvLine,
  neutralizeCell,
  previousMonthRange,
  reportFileName,
  reportFormError,
  usagePeriod,
} from './reports';

describe('formula injection', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ['Site 12', 'Site 12'],
    ['', ''],
  ])('neutralises %j', (input, expected) => {
    expect(neutralizeCell(input)).toBe(expected);
  });

  it('leaves numbers and null alone, negative numbers included', () => {
    expect(neutralizeCell(-5)).toBe(-5);
    expect(neutralizeCell(null)).toBeNull();
  });

  it('builds CSV lines with quoting after neutralising', () => {
    expect(csvLine(['=1+1', 'a,b', 'say "hi"', 3.5, null])).toBe(`'=1+1,"a,b","say ""hi""",3.5,`);
  });

  it('builds a CSV file: a byte-order mark, CRLF after every line', () => {
    expect(
      csvDocument([
        ['Name', 'Usage'],
        ['@SUM(A1)', 2],
      ]),
    ).toBe("\uFEFFName,Usage\r\n'@SUM(A1),2\r\n");
  });

  it('names the file Report_{start}_To_{end}', () => {
    expect(reportFileName('2026-10-01', '2026-10-31T23:59')).toBe('Report_2026-10-01_To_2026-10-31.xlsx');
  });
});

describe('report dialog checks', () => {
  const ok = { reportTypeID: 1, start: '2026-10-01T00:00', end: '2026-10-31T23:59', location: null, locationText: '' };
  const whole = { location: 'optional', period: 'required' } as const;
  const oneLocation = { location: 'required', period: 'required' } as const;
  const now = { location: 'optional', period: 'unused' } as const;
  it.each([
    [{ ...ok, reportTypeID: null }, whole, 'invalidReportInput'],
    [{ ...ok, start: '' }, whole, 'invalidReportInput'],
    [{ ...ok, end: '2026-10-01T00:00' }, whole, 'invalidDates'],
    [{ ...ok, end: '2026-09-30T00:00' }, whole, 'invalidDates'],
    [ok, oneLocation, 'invalidLocationDescription'],
    [{ ...ok, location: 'Site 1' }, oneLocation, null],
    [ok, whole, null],
    [{ ...ok, location: 'Site 1', locationText: 'Site 1' }, whole, null],
    // typed but not picked: not the whole property in its stead
    [{ ...ok, locationText: 'Site' }, whole, 'invalidLocationDescription'],
    // a report that takes no period: its dates are not checked
    [{ ...ok, start: '', end: '' }, now, null],
    [{ ...ok, end: '2026-09-30T00:00' }, now, null],
  ] as const)('%j (%j) → %s', (form, inputs, expected) => {
    expect(reportFormError(form, inputs)).toBe(expected);
  });

  it('defaults to the previous calendar month, across a year end', () => {
    expect(previousMonthRange('2026-11-22')).toEqual({ start: '2026-10-01T00:00', end: '2026-10-31T23:59' });
    expect(previousMonthRange('2026-01-05')).toEqual({ start: '2025-12-01T00:00', end: '2025-12-31T23:59' });
    expect(previousMonthRange('2028-03-01')).toEqual({ start: '2028-02-01T00:00', end: '2028-02-29T23:59' });
  });
});

describe('usage periods of the /Report page', () => {
  it.each([
    ['daily', '2026-03-01', { start: '2026-02-28T00:00', end: '2026-02-28T23:59' }],
    ['weekly', '2026-11-03', { start: '2026-10-27T00:00', end: '2026-11-02T23:59' }],
    ['monthly', '2026-11-03', { start: '2026-10-01T00:00', end: '2026-10-31T23:59' }],
  ] as const)('%s of %s', (kind, today, expected) => {
    expect(usagePeriod(kind, today)).toEqual(expected);
  });
});
