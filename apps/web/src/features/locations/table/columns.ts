import type { LocationRow } from '@portal/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_COLUMNS, COLUMNS, type ColumnId } from './actions';

const column = createColumnHelper<LocationRow>();

const healthRank = (row: LocationRow) =>
  row.servicePoints.some((sp) => sp.isMissingDevice) ? 0 : row.servicePoints.length === 0 ? 2 : 1;

/**
 * The sortable columns of the row model (cells render in LocationRowView). The server sorts;
 * the values tell the table which way a first click sorts: text ascending, numbers descending.
 */
export const columnDefs = [
  column.accessor((r) => r.locationDescription, { id: 'description' }),
  column.accessor((r) => r.servicePoints.map((sp) => sp.servicePointName).join(' '), { id: 'meters' }),
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
