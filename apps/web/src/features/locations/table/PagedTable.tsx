import classes from './LocationsTable.module.css';
import { LocationRowView } from './LocationRowView';
import { TableHead } from './TableHead';
import { type RowsTableProps, rowViewProps } from './tableProps';

/** One page of rows, all in the DOM. */
export function PagedTable(props: RowsTableProps) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className={classes.table} aria-label={props.label}>
        <TableHead columns={props.columns} labels={props.labels} sorting={props.sorting} onSort={props.onSort} />
        <tbody>
          {props.rows.map((row) => (
            <LocationRowView key={row.locationID} {...rowViewProps(props, row)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
