import { useMemo } from 'react';
import { gridStyle } from './columnGrid';
import classes from './LocationsTable.module.css';
import { LocationRowView } from './LocationRowView';
import { TableHead } from './TableHead';
import { type RowsTableProps, rowViewProps } from './tableProps';

/** One page of rows, all in the DOM, on the table's grid of columns. */
export function PagedTable(props: RowsTableProps) {
  const { columns } = props;
  const grid = useMemo(() => gridStyle(columns), [columns]);
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className={`${classes.table} ${classes.grid}`} style={grid} aria-label={props.label}>
        <TableHead columns={columns} labels={props.labels} sorting={props.sorting} onSort={props.onSort} />
        <tbody>
          {props.rows.map((row) => (
            <LocationRowView key={row.locationID} {...rowViewProps(props, row)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
