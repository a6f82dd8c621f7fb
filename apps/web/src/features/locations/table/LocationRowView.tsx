import { Badge, Checkbox } from '@mantine/core';
import type { LocationRow } from '@portal/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnId, Dispatch } from './actions';
import classes from './LocationsTable.module.css';
import { HealthLines, MeterNames, MonitoringLines, ServiceLines } from './MeterLines';
import { CheckInOutCell, RowActions } from './RowActions';

type Props = {
  row: LocationRow;
  columns: readonly ColumnId[];
  labels: Record<ColumnId, string>;
  selected: boolean;
  highlighted: boolean;
  refreshing: boolean;
  isAdmin: boolean;
  dispatch: Dispatch;
};

const scrollIntoView = (el: HTMLTableRowElement | null) => el?.scrollIntoView({ block: 'center', behavior: 'smooth' });

/** One location; re-renders only when its own data or state changes. */
export const LocationRowView = memo(function LocationRowView({
  row,
  columns,
  labels,
  selected,
  highlighted,
  refreshing,
  isAdmin,
  dispatch,
}: Props) {
  const { t } = useTranslation();
  const className = [
    classes.row,
    row.deleted ? classes.deleted : '',
    selected ? classes.selected : '',
    highlighted ? classes.highlighted : '',
  ].join(' ');

  const cell = (id: ColumnId) => {
    switch (id) {
      case 'select':
        return (
          <Checkbox
            size="sm"
            checked={selected}
            disabled={row.deleted}
            aria-label={t('locations.table.selectRow', { location: row.locationDescription })}
            onChange={(e) => dispatch({ kind: 'select', row, selected: e.currentTarget.checked })}
          />
        );
      case 'description':
        return (
          <>
            <div className={classes.title}>{row.locationDescription}</div>
            <div className={classes.dimmed}>{[row.locationPublicName, row.locationTypeName].filter(Boolean).join(' · ')}</div>
            {row.deleted && (
              <Badge size="xs" color="gray" variant="outline">
                {t('locations.table.deleted')}
              </Badge>
            )}
          </>
        );
      case 'meters':
        return <MeterNames row={row} />;
      case 'service':
        return <ServiceLines row={row} dispatch={dispatch} refreshing={refreshing} />;
      case 'checkInOut':
        return <CheckInOutCell row={row} dispatch={dispatch} />;
      case 'health':
        return <HealthLines row={row} />;
      case 'monitoring':
        return <MonitoringLines row={row} dispatch={dispatch} />;
      case 'actions':
        return <RowActions row={row} dispatch={dispatch} isAdmin={isAdmin} />;
    }
  };

  return (
    <tr
      className={className}
      ref={highlighted ? scrollIntoView : undefined}
      data-location-id={row.locationID}
    >
      {columns.map((id) => (
        <td key={id} data-label={id === 'select' || id === 'actions' ? '' : labels[id]}>
          <div>{cell(id)}</div>
        </td>
      ))}
    </tr>
  );
});
