import { describe, expect, it } from 'vitest';
import { canAddRow, emptyRow, hasUnsavedData, repeatedRows, rowsToSave } from './addLocationRows';

const row = (locationDescription: string, accountNumber = '') => ({ locationDescription, accountNumber });

describe('Add Location rows', () => {
  it('refuses a new row while a row has no description', () => {
    expect(canAddRow([row('A-1'), row('')])).toBe(false);
    expect(canAddRow([row('A-1'), row('  ', 'AC-1')])).toBe(false);
    expect(canAddRow([row('A-1'), row('A-2')])).toBe(true);
  });

  it('drops empty last rows but keeps one row', () => {
    expect(rowsToSave([row('A-1'), emptyRow(), emptyRow()])).toEqual([row('A-1')]);
    expect(rowsToSave([emptyRow()])).toEqual([emptyRow()]);
    expect(rowsToSave([row('A-1'), row('', 'AC-9')])).toEqual([row('A-1'), row('', 'AC-9')]);
  });

  it('knows when closing would lose typed data', () => {
    expect(hasUnsavedData([emptyRow()])).toBe(false);
    expect(hasUnsavedData([emptyRow(), row('', 'x')])).toBe(true);
  });

  it('finds rows that repeat an earlier row, ignoring case and spaces', () => {
    expect(repeatedRows([row('Site A-1'), row('site a-1'), row('Site A-2'), row(' SITE A -1 '), row('')])).toEqual([
      1, 3,
    ]);
    expect(repeatedRows([row(''), row(' ')])).toEqual([]);
  });
});
