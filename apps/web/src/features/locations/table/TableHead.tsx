import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { SortingState } from '@tanstack/react-table';
import { type ReactNode, memo } from 'react';
import type { ColumnId } from './actions';
import classes from './LocationsTable.module.css';

const SORTABLE: Partial<Record<ColumnId, true>> = { description: true, meters: true, checkInOut: true, health: true };

type Props = {
  columns: readonly ColumnId[];
  labels: Record<ColumnId, string>;
  sorting: SortingState;
  onSort: (id: ColumnId) => void;
  /** Set when not every row is in the DOM (virtualized): the header is row 1 of aria-rowcount. */
  withRowIndex?: boolean;
};

/** A header may break after a slash ('Entrada/Salida'), where a narrow column would otherwise cut a word. */
function breakable(label: string): ReactNode {
  return label.split('/').flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, `/${part}`]));
}

/** The column headers; the sortable ones are buttons and announce their order. Memoised: the virtualized body re-renders as it scrolls. */
export const TableHead = memo(function TableHead({ columns, labels, sorting, onSort, withRowIndex = false }: Props) {
  return (
    <thead>
      <tr aria-rowindex={withRowIndex ? 1 : undefined}>
        {columns.map((id) => {
          const sort = sorting.find((s) => s.id === id);
          return (
            <th
              key={id}
              scope="col"
              aria-sort={sort ? (sort.desc ? 'descending' : 'ascending') : SORTABLE[id] ? 'none' : undefined}
            >
              {SORTABLE[id] ? (
                <UnstyledButton className={classes.sortButton} onClick={() => onSort(id)}>
                  <span>{breakable(labels[id])}</span>
                  {sort ? (
                    sort.desc ? (
                      <IconArrowDown size={14} aria-hidden />
                    ) : (
                      <IconArrowUp size={14} aria-hidden />
                    )
                  ) : (
                    <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                  )}
                </UnstyledButton>
              ) : id === 'select' ? (
                <span className={classes.visuallyHidden}>{labels.select}</span>
              ) : (
                breakable(labels[id])
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
});
