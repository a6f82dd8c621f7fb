import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { flexRender, type Table as TanTable } from '@tanstack/react-table';

/** The header of a TanStack table: sortable columns are buttons, and aria-sort tells the order. */
export function SortableTableHead<T>({ table }: { table: TanTable<T> }) {
  return (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const title = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <Table.Th
                key={header.id}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              >
                {header.column.getCanSort() ? (
                  <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={700} fz="sm">
                    <Group gap={4} wrap="nowrap">
                      {title}
                      {sorted === 'asc' ? (
                        <IconChevronUp size={14} aria-hidden />
                      ) : sorted === 'desc' ? (
                        <IconChevronDown size={14} aria-hidden />
                      ) : (
                        <IconSelector size={14} aria-hidden />
                      )}
                    </Group>
                  </UnstyledButton>
                ) : (
                  title
                )}
              </Table.Th>
            );
          })}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}
