import { descriptionKey } from '@portal/contract';

/** The Add Location dialog's row rules (properties section 5), as plain functions. */
export type NewLocationRow = { locationDescription: string; accountNumber: string };

export const emptyRow = (): NewLocationRow => ({ locationDescription: '', accountNumber: '' });

const blank = (r: NewLocationRow) => r.locationDescription.trim() === '' && r.accountNumber.trim() === '';

/** A new row is refused while any row has no description. */
export const canAddRow = (rows: readonly NewLocationRow[]) => rows.every((r) => r.locationDescription.trim() !== '');

/** Rows sent on save: an empty last row is dropped (at least one row remains). */
export function rowsToSave(rows: readonly NewLocationRow[]): NewLocationRow[] {
  const out = [...rows];
  while (out.length > 1 && blank(out[out.length - 1]!)) out.pop();
  return out;
}

/** Anything typed that closing would lose. */
export const hasUnsavedData = (rows: readonly NewLocationRow[]) => rows.some((r) => !blank(r));

/** Rows (by index) that name a location an earlier row already names, ignoring case and spaces. */
export function repeatedRows(rows: readonly NewLocationRow[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  rows.forEach((r, i) => {
    const key = descriptionKey(r.locationDescription);
    if (key === '') return;
    if (seen.has(key)) repeated.push(i);
    seen.add(key);
  });
  return repeated;
}
