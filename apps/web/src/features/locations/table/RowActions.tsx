import { Menu } from '@mantine/core';
import type { LocationRow } from '@portal/contract';
import {
  IconArrowsExchange,
  IconChartBar,
  IconDotsVertical,
  IconEdit,
  IconGaugeFilled,
  IconHistory,
  IconLogin2,
  IconLogout2,
  IconPlus,
  IconRestore,
  IconTrash,
  IconTrashX,
  IconUnlink,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { addMeterState, checkInBlocked } from '../rows';
import type { Dispatch } from './actions';
import classes from './LocationsTable.module.css';
import controls from './RowControls.module.css';

type CellProps = { row: LocationRow; t: TFunction; dispatch: Dispatch };

/** Check In/Out: 'Check In' (disabled as properties section 4 says) or 'Check Out', with the guest's name. */
export function CheckInOutCell({ row, t, dispatch }: CellProps) {
  if (row.isCheckedInState) {
    return (
      <div>
        <button
          type="button"
          className={controls.button}
          onClick={() => dispatch({ kind: 'checkOut', row })}
          aria-label={t('locations.table.checkOutOf', { location: row.locationDescription })}
        >
          <IconLogout2 size={14} aria-hidden />
          {t('locations.table.checkOut')}
        </button>
        {row.guestName && <div className={classes.dimmed}>{row.guestName}</div>}
      </div>
    );
  }
  const blocked = checkInBlocked(row);
  return (
    <button
      type="button"
      className={controls.button}
      data-variant="light"
      disabled={blocked}
      title={blocked ? t('msg.checkInNotAllowed') : undefined}
      onClick={() => dispatch({ kind: 'checkIn', row })}
      aria-label={t('locations.table.checkInOf', { location: row.locationDescription })}
    >
      <IconLogin2 size={14} aria-hidden />
      {t('locations.table.checkIn')}
    </button>
  );
}

/** Row icons (View History, Remove Meter, Reset Reading) and the row menu of screen 6. */
export function RowActions({ row, t, dispatch, isAdmin }: CellProps & { isAdmin: boolean }) {
  const name = row.locationDescription;
  const canReset = !row.deleted && row.servicePoints.some((sp) => sp.supportsResetReading);
  const canRemove = !row.deleted && row.servicePoints.length > 0;
  const resetHint = canReset ? t('locations.actions.resetReading') : t('msg.optionUnavailable');

  return (
    <div className={classes.actions}>
      <button
        type="button"
        className={controls.iconButton}
        title={t('locations.actions.history')}
        aria-label={t('locations.actions.historyOf', { location: name })}
        onClick={() => dispatch({ kind: 'history', row })}
      >
        <IconHistory size={18} aria-hidden />
      </button>
      <button
        type="button"
        className={controls.iconButton}
        data-color="red"
        title={canRemove ? t('locations.actions.removeMeter') : t('locations.actions.noMeterToRemove')}
        aria-label={t('locations.actions.removeMeterOf', { location: name })}
        aria-disabled={!canRemove}
        onClick={() => canRemove && dispatch({ kind: 'removeMeter', row })}
      >
        <IconUnlink size={18} aria-hidden />
      </button>
      <button
        type="button"
        className={controls.iconButton}
        title={resetHint}
        aria-label={
          canReset
            ? t('locations.actions.resetReadingOf', { location: name })
            : `${t('locations.actions.resetReading')}: ${resetHint}`
        }
        aria-disabled={!canReset}
        onClick={() => canReset && dispatch({ kind: 'resetReading', row })}
      >
        <IconGaugeFilled size={18} aria-hidden />
      </button>
      <RowMenu row={row} t={t} dispatch={dispatch} isAdmin={isAdmin} />
    </div>
  );
}

/**
 * The row menu. A closed menu is a plain button: the Mantine menu (with its positioning
 * and focus handling) is mounted on first use, so that a long table stays light.
 */
function RowMenu({ row, t, dispatch, isAdmin }: CellProps & { isAdmin: boolean }) {
  const [stage, setStage] = useState<'idle' | 'mounting' | 'ready'>('idle');
  const [opened, setOpened] = useState(false);
  // The button is a new element once the menu wraps it: it takes the focus over, then the
  // menu opens, so that closing the menu gives the focus back to it.
  const takeOver = useCallback(
    (el: HTMLButtonElement | null) => {
      if (!el || stage !== 'mounting') return;
      el.focus();
      setStage('ready');
      setOpened(true);
    },
    [stage],
  );
  const trigger = (
    <button
      type="button"
      ref={takeOver}
      className={controls.iconButton}
      aria-label={t('locations.actions.menuOf', { location: row.locationDescription })}
      aria-haspopup="menu"
      onClick={() => (stage === 'idle' ? setStage('mounting') : setOpened((o) => !o))}
    >
      <IconDotsVertical size={18} aria-hidden />
    </button>
  );
  if (stage === 'idle') return trigger;

  const addMeter = addMeterState(row);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md" returnFocus>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconChartBar size={16} aria-hidden />}
          onClick={() => dispatch({ kind: 'report', row })}
        >
          {t('locations.actions.reporting')}
        </Menu.Item>
        {row.deleted ? (
          <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} disabled>
            {t('locations.actions.reactivateToManage')}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => dispatch({ kind: 'edit', row })}>
            {t('locations.actions.manage')}
          </Menu.Item>
        )}
        {isAdmin &&
          (row.deleted ? (
            <>
              <Menu.Item
                leftSection={<IconRestore size={16} aria-hidden />}
                onClick={() => dispatch({ kind: 'toggleDeleted', row })}
              >
                {t('locations.actions.reactivate')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrashX size={16} aria-hidden />}
                onClick={() => dispatch({ kind: 'erase', row })}
              >
                {t('locations.actions.erase')}
              </Menu.Item>
            </>
          ) : row.isCheckedInState ? (
            <Menu.Item leftSection={<IconTrash size={16} aria-hidden />} disabled>
              {t('msg.checkOutFirst')}
            </Menu.Item>
          ) : (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => dispatch({ kind: 'toggleDeleted', row })}
            >
              {t('locations.actions.delete')}
            </Menu.Item>
          ))}
        {isAdmin && (
          <Menu.Item
            leftSection={<IconArrowsExchange size={16} aria-hidden />}
            disabled={row.isCheckedInState || row.deleted}
            title={row.isCheckedInState ? t('msg.moveCheckedIn') : undefined}
            onClick={() => dispatch({ kind: 'move', row })}
          >
            {t('locations.actions.move')}
          </Menu.Item>
        )}
        {addMeter !== 'hidden' && (
          <Menu.Item
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={addMeter === 'disabled' || row.deleted}
            onClick={() => dispatch({ kind: 'addMeter', row })}
          >
            {t('locations.actions.addMeter')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
