import { IconGaugeFilled, IconHistory, IconLogin2, IconLogout2, IconUnlink } from '@tabler/icons-react';
import { checkInBlock, resetBlock } from '../rows';
import { Hint } from './Hint';
import type { CellProps } from './actions';
import { RowMenu } from './RowMenu';
import classes from './LocationsTable.module.css';
import controls from './RowControls.module.css';

/**
 * Check In/Out: 'Check In' (unavailable as properties section 4 says, with the reason) or
 * 'Check Out', with the guest's name. One button element either way, so that it keeps the
 * keyboard focus when the location changes state.
 */
export function CheckInOutCell({ row, t, dispatch }: CellProps) {
  const checkedIn = row.isCheckedInState;
  const block = checkedIn ? null : checkInBlock(row);
  const hintId = `check-in-hint-${row.locationID}`;
  const button = (
    <button
      type="button"
      className={controls.button}
      data-variant={checkedIn ? undefined : 'light'}
      data-control="checkInOut"
      aria-disabled={block ? true : undefined}
      aria-describedby={block ? hintId : undefined}
      onClick={() => {
        if (block) return;
        dispatch({ kind: checkedIn ? 'checkOut' : 'checkIn', row });
      }}
      aria-label={
        checkedIn
          ? t('locations.table.checkOutOf', { location: row.locationDescription })
          : t('locations.table.checkInOf', { location: row.locationDescription })
      }
    >
      {checkedIn ? <IconLogout2 size={14} aria-hidden /> : <IconLogin2 size={14} aria-hidden />}
      {checkedIn ? t('locations.table.checkOut') : t('locations.table.checkIn')}
    </button>
  );
  return (
    <div>
      {block ? (
        <Hint id={hintId} text={t(`locations.reasons.${block}`)}>
          {button}
        </Hint>
      ) : (
        button
      )}
      {checkedIn && row.guestName && <div className={classes.dimmed}>{row.guestName}</div>}
    </div>
  );
}

/** Row icons (View History, Remove Meter, Reset Reading) and the row menu of screen 6. */
export function RowActions({ row, t, dispatch, isAdmin }: CellProps & { isAdmin: boolean }) {
  const name = row.locationDescription;
  const reset = resetBlock(row);
  const canRemove = !row.deleted && row.servicePoints.length > 0;
  const resetHintId = `reset-hint-${row.locationID}`;
  const removeHintId = `remove-hint-${row.locationID}`;

  const removeButton = (
    <button
      type="button"
      className={controls.iconButton}
      data-color="red"
      data-control="removeMeter"
      title={canRemove ? t('locations.actions.removeMeter') : undefined}
      aria-label={t('locations.actions.removeMeterOf', { location: name })}
      aria-disabled={!canRemove}
      aria-describedby={canRemove ? undefined : removeHintId}
      onClick={() => canRemove && dispatch({ kind: 'removeMeter', row })}
    >
      <IconUnlink size={18} aria-hidden />
    </button>
  );
  const resetButton = (
    <button
      type="button"
      className={controls.iconButton}
      data-control="resetReading"
      title={reset ? undefined : t('locations.actions.resetReading')}
      aria-label={
        reset
          ? `${t('locations.actions.resetReading')}: ${t('msg.optionUnavailable')}`
          : t('locations.actions.resetReadingOf', { location: name })
      }
      aria-disabled={reset !== null}
      aria-describedby={reset ? resetHintId : undefined}
      onClick={() => reset === null && dispatch({ kind: 'resetReading', row })}
    >
      <IconGaugeFilled size={18} aria-hidden />
    </button>
  );

  return (
    <div className={classes.actions}>
      <button
        type="button"
        className={controls.iconButton}
        data-control="history"
        title={t('locations.actions.history')}
        aria-label={t('locations.actions.historyOf', { location: name })}
        onClick={() => dispatch({ kind: 'history', row })}
      >
        <IconHistory size={18} aria-hidden />
      </button>
      {canRemove ? (
        removeButton
      ) : (
        <Hint id={removeHintId} text={t('locations.actions.noMeterToRemove')} align="end">
          {removeButton}
        </Hint>
      )}
      {reset === null ? (
        resetButton
      ) : (
        <Hint id={resetHintId} text={`${t('msg.optionUnavailable')}: ${t(`locations.reasons.${reset}`)}`} align="end">
          {resetButton}
        </Hint>
      )}
      <RowMenu row={row} t={t} dispatch={dispatch} isAdmin={isAdmin} />
    </div>
  );
}
