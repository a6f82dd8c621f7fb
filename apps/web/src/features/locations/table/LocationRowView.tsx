import type { LocationRow } from '@portal/contract';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnId, Dispatch } from './actions';
import { DotBadge } from './DotBadge';
import classes from './LocationsTable.module.css';
import { HealthLines, MeterNames, MonitoringLines, ServiceLines } from './MeterLines';
import { CheckInOutCell, RowActions } from './RowActions';
import controls from './RowControls.module.css';

type Props = {
  row: LocationRow;
  columns: readonly ColumnId[];
  labels: Record<ColumnId, string>;
  selected: boolean;
  highlighted: boolean;
  refreshing: boolean;
  isAdmin: boolean;
  dispatch: Dispatch;
  /** The property's time zone. */
  timeZone: string;
  /**
   * Where the row stands among all rows (from 0) when not all of them are in the DOM: its
   * aria-rowindex (the header is row 1) and the index the virtualizer measures it by.
   */
  position?: number;
  /** Where the virtualizer places the row, in px from the top of the body. */
  offset?: number;
  /** The virtualizer's measurement of the rendered row. */
  measure?: (element: HTMLTableRowElement | null) => void;
};

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
  timeZone,
  position,
  offset,
  measure,
}: Props) {
  const { t } = useTranslation();
  const ref = useCallback(
    (element: HTMLTableRowElement | null) => {
      measure?.(element);
      if (highlighted) element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    },
    [measure, highlighted],
  );
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
          <input
            type="checkbox"
            className={controls.check}
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
            <div className={classes.dimmed}>
              {[row.locationPublicName, row.locationTypeName].filter(Boolean).join(' · ')}
            </div>
            {row.deleted && <DotBadge color="gray">{t('locations.table.deleted')}</DotBadge>}
          </>
        );
      case 'meters':
        return <MeterNames row={row} t={t} />;
      case 'service':
        return <ServiceLines row={row} t={t} dispatch={dispatch} refreshing={refreshing} />;
      case 'checkInOut':
        return <CheckInOutCell row={row} t={t} dispatch={dispatch} />;
      case 'health':
        return <HealthLines row={row} t={t} isAdmin={isAdmin} timeZone={timeZone} />;
      case 'monitoring':
        return <MonitoringLines row={row} t={t} dispatch={dispatch} />;
      case 'actions':
        return <RowActions row={row} t={t} dispatch={dispatch} isAdmin={isAdmin} />;
    }
  };

  return (
    <tr
      className={className}
      ref={ref}
      data-location-id={row.locationID}
      data-index={position}
      aria-rowindex={position === undefined ? undefined : position + 2}
      style={offset === undefined ? undefined : { transform: `translateY(${offset}px)` }}
    >
      {columns.map((id) => (
        <td key={id} data-label={id === 'select' || id === 'actions' ? '' : labels[id]}>
          <div>{cell(id)}</div>
        </td>
      ))}
    </tr>
  );
});
