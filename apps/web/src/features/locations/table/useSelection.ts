import type { LocationRow } from '@portal/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { useBulkSendControl, useSetMonitoring } from '../hooks';
import type { SelectionToolbar } from './SelectionToolbar';
import {
  type SelectionType,
  idsOfType,
  metersToMonitor,
  metersToSwitch,
  pruneSelection,
  selectable,
  typeAfterChange,
} from './selection';

type Options = {
  siteId: number;
  /** Every row of the property. */
  rows: readonly LocationRow[];
  /** The rows the search and the status filter leave, before paging. */
  inView: readonly LocationRow[];
  /** Move Location for the selected rows. */
  onMove: (locationIds: number[]) => void;
};

/**
 * The Administrator's selection and its bulk actions: the chosen rows and selection type,
 * kept in step with the rows (gone or deleted rows drop out, and the type reverts when it
 * no longer matches), and the toolbar's On, Off, Move and Monitoring.
 */
export function useSelection({ siteId, rows, inView, onMove }: Options) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [chosenType, setChosenType] = useState<SelectionType>('select');
  const selected = useMemo(() => pruneSelection(chosen, rows), [chosen, rows]);
  const selectionType = useMemo(() => typeAfterChange(chosenType, selected, rows), [chosenType, selected, rows]);
  const selectableInView = useMemo(() => inView.filter(selectable), [inView]);
  const monitoring = useSetMonitoring(siteId);
  const bulkSwitch = useBulkSendControl(siteId);

  const setSelection = useCallback(
    (next: ReadonlySet<number>, type?: SelectionType) => {
      setChosen(next);
      setChosenType(type ?? typeAfterChange(selectionType, next, rows));
    },
    [rows, selectionType],
  );

  const switchSelected = async (state: 0 | 1) => {
    const meters = metersToSwitch(rows, selected, selectionType);
    if (meters.length === 0) {
      toast.error(t('locations.selection.nothingToSwitch'));
      return;
    }
    const ok = await confirm({
      title: state === 1 ? t('locations.selection.onTitle') : t('locations.selection.offTitle'),
      message: t('locations.selection.switchQuestion', { count: meters.length }),
    });
    if (!ok) return;
    bulkSwitch.mutate(
      { list: meters.map((servicePointId) => ({ servicePointId, requestedState: state })), locationIds: [...selected] },
      {
        onSuccess: () => toast.success(t('locations.selection.commandsSent', { count: meters.length })),
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  const monitorSelected = (monitored: boolean) => {
    const meters = metersToMonitor(rows, selected, selectionType);
    if (meters.length === 0) return;
    monitoring.mutate(
      meters.map((m) => ({ ...m, ExcludeFromMonitoring: !monitored })),
      {
        onSuccess: () => toast.success(t('msg.monitoringUpdated')),
        onError: () => toast.error(t('msg.monitoringFailed')),
      },
    );
  };

  const toolbar: Parameters<typeof SelectionToolbar>[0] = {
    selected: selected.size,
    total: selectableInView.length,
    type: selectionType,
    busy: bulkSwitch.isPending,
    onType: (type) => setSelection(idsOfType(rows, type), type),
    onSelectAll: () => setSelection(new Set([...selected, ...selectableInView.map((r) => r.locationID)])),
    onClear: () => setSelection(new Set(), 'select'),
    onSwitch: (state) => void switchSelected(state),
    onMove: () => onMove([...selected]),
    onMonitoring: monitorSelected,
  };
  return { selected, setSelection, toolbar };
}
