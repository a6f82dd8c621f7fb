import { Menu } from '@mantine/core';
import {
  IconArrowsExchange,
  IconChartBar,
  IconDotsVertical,
  IconEdit,
  IconPlus,
  IconRestore,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { addMeterState } from '../rows';
import type { CellProps } from './actions';
import controls from './RowControls.module.css';

/**
 * The row menu. A closed menu is a plain button: the Mantine menu (with its positioning
 * and focus handling) is mounted on first use, so that a long table stays light.
 */
export function RowMenu({ row, t, dispatch, isAdmin }: CellProps & { isAdmin: boolean }) {
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
      data-control="menu"
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
