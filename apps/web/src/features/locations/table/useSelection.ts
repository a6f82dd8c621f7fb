import type { LocationRow, LocationSelection, LocationsPage, StatusFilter } from '@portal/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { useMonitorSelection, useSwitchSelection } from '../hooks';
import type { SelectionToolbar } from './SelectionToolbar';
import {
  EVERY_ROW,
  NO_SELECTION,
  type Selection,
  isSelected,
  ofType,
  selectable,
  selectedCount,
  selectionRequest,
  withRow,
  without,
} from './selection';

type Options = {
  siteId: number;
  /** The rows on screen. */
  rows: readonly LocationRow[];
  /** What 'Select All m' and each type take (the page's answer); null until the first page came. */
  counts: LocationsPage['selectable'] | null;
  /** The search and status of the rows on screen. */
  filter: { search: string; status: StatusFilter | null };
  /** Move Location for the selection: what the call takes, and how many locations it holds. */
  onMove: (selection: LocationSelection, count: number, locationIds: readonly number[]) => void;
};

/**
 * The Administrator's selection and its bulk actions. It survives paging and sorting; 'Select
 * All m' and a type hold for the search and status they were chosen with (another search
 * starts anew), ticked rows for any. Rows shown deleted drop out. The toolbar's On, Off,
 * Monitoring and Move send the selection for the server to resolve.
 */
export function useSelection({ siteId, rows, counts, filter, onMove }: Options) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const filterKey = `${filter.search}\u0000${filter.status ?? ''}`;
  const [stored, setStored] = useState({ selection: NO_SELECTION, filterKey });
  const chosen = stored.selection.all && stored.filterKey !== filterKey ? NO_SELECTION : stored.selection;
  const deletedShown = useMemo(() => rows.filter((r) => !selectable(r)).map((r) => r.locationID), [rows]);
  const selection = useMemo(() => without(chosen, deletedShown), [chosen, deletedShown]);
  const setSelection = useCallback((next: Selection) => setStored({ selection: next, filterKey }), [filterKey]);
  const selectedIds = useMemo(
    () => new Set(rows.filter((r) => isSelected(selection, r)).map((r) => r.locationID)),
    [rows, selection],
  );
  const count = counts ? selectedCount(selection, counts) : 0;
  const request = () => selectionRequest(selection, siteId, filter);
  const monitoring = useMonitorSelection(siteId);
  const switching = useSwitchSelection(siteId);

  const switchSelected = async (state: 0 | 1) => {
    const ok = await confirm({
      title: state === 1 ? t('locations.selection.onTitle') : t('locations.selection.offTitle'),
      message: t('locations.selection.switchLocationsQuestion', { count }),
    });
    if (!ok) return;
    switching.mutate(
      { selection: request(), requestedState: state },
      {
        onSuccess: (sent) =>
          sent.length
            ? toast.success(t('locations.selection.commandsSent', { count: sent.length }))
            : toast.error(t('locations.selection.nothingToSwitch')),
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  const monitorSelected = (monitored: boolean) =>
    monitoring.mutate(
      { selection: request(), ExcludeFromMonitoring: !monitored },
      {
        onSuccess: () => toast.success(t('msg.monitoringUpdated')),
        onError: () => toast.error(t('msg.monitoringFailed')),
      },
    );

  const toolbar: Parameters<typeof SelectionToolbar>[0] = {
    selected: count,
    total: counts?.all ?? 0,
    type: selection.type,
    busy: switching.isPending,
    onType: (type) => setSelection(ofType(type)),
    onSelectAll: () => setSelection(EVERY_ROW),
    onClear: () => setSelection(NO_SELECTION),
    onSwitch: (state) => void switchSelected(state),
    onMove: () => onMove(request(), count, selection.all ? [] : [...selection.ids]),
    onMonitoring: monitorSelected,
  };
  return {
    selectedIds,
    /** A row ticked or unticked. */
    select: (row: LocationRow, on: boolean) => setSelection(withRow(selection, row, on)),
    /** A location erased or moved away. */
    forget: (locationId: number) => setSelection(without(selection, [locationId])),
    clear: () => setSelection(NO_SELECTION),
    toolbar,
  };
}
