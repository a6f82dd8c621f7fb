import { Text } from '@mantine/core';
import type { ReportRow, ReportType } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';

/** The viewed report: the type's column headers, numbers right-aligned, paged. */
export function ReportTable({ type, rows }: { type: ReportType; rows: ReportRow[] }) {
  const { t } = useTranslation();
  const columns = useMemo<ColumnDef<ReportRow, unknown>[]>(
    () =>
      type.columnHeaders.split(',').map((header) => ({
        id: header,
        header,
        accessorFn: (r: ReportRow) => r[header] ?? null,
        cell: ({ getValue }) => {
          const v = getValue() as ReportRow[string];
          // every decimal the server keeps (6), so that shown readings and usage add up
          return typeof v === 'number' ? (
            <Text span inherit ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {v.toLocaleString(undefined, { maximumFractionDigits: 6 })}
            </Text>
          ) : (
            (v ?? '')
          );
        },
      })),
    [type],
  );
  if (rows.length === 0) {
    const now = type.inputs.period === 'unused';
    return (
      <EmptyState
        title={t(now ? 'reports.emptyNowTitle' : 'reports.emptyTitle')}
        text={t(now ? 'reports.emptyNowText' : 'reports.emptyText')}
      />
    );
  }
  return (
    <DataTable
      data={rows}
      columns={columns}
      initialSort={[]}
      pageSize={25}
      minWidth={0}
      dense
      label={type.reportTypeName}
    />
  );
}
