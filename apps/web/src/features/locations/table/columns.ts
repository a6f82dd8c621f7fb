import type { LocationRow } from '@portal/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { naturalCompare } from '../rows';
import { ADMIN_COLUMNS, COLUMNS, type ColumnId } from './actions';

const column = createColumnHelper<LocationRow>();

const healthRank = (row: LocationRow) =>
  row.servicePoints.some((sp) => sp.isMissingDevice) ? 0 : row.servicePoints.length === 0 ? 2 : 1;

/** Columns of the row model: what sorting and the search box work on (cells render in LocationRowView). */
export const columnDefs = [
  column.accessor((r) => r.locationDescription, {
    id: 'description',
    sortingFn: (a, b) => naturalCompare(a.original.locationDescription, b.original.locationDescription),
  }),
  column.accessor((r) => r.servicePoints.map((sp) => sp.servicePointName).join(' '), {
    id: 'meters',
    sortingFn: (a, b) => naturalCompare(a.getValue('meters'), b.getValue('meters')),
  }),
  column.accessor((r) => (r.isCheckedInState ? 1 : 0), { id: 'checkInOut' }),
  column.accessor(healthRank, { id: 'health' }),
];

/** The columns a role sees, in the specification's order, and their headers in the user's language. */
export function useVisibleColumns(isAdmin: boolean): { columns: ColumnId[]; labels: Record<ColumnId, string> } {
  const { t } = useTranslation();
  const columns = useMemo(() => COLUMNS.filter((c) => isAdmin || !ADMIN_COLUMNS.includes(c)), [isAdmin]);
  const labels = useMemo(
    () => Object.fromEntries(COLUMNS.map((c) => [c, t(`locations.columns.${c}`)])) as Record<ColumnId, string>,
    [t],
  );
  return { columns, labels };
}
