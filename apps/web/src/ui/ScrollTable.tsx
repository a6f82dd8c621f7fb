import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column's title; a figure column is right-aligned, as are its cells. */
export type Column = { label: ReactNode; figure?: boolean; w?: number };

/** A table's head row of column titles. */
export function ColumnHeads({ columns }: { columns: Column[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c, i) => (
          <Table.Th key={i} scope="col" ta={c.figure ? 'right' : undefined} w={c.w}>
            {c.label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** A table that scrolls sideways below `minWidth`: its column titles, then `children` as its rows. */
export function ScrollTable({
  minWidth,
  columns,
  children,
  ...table
}: TableProps & { minWidth: number; columns: Column[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <ColumnHeads columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
