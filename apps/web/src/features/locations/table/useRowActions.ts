import type { LocationRow } from '@portal/contract';
import type { TFunction } from 'i18next';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { errorMessage } from '../../../i18n/messages';
import type { ConfirmOptions } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { useEraseLocation, useRefreshUsage, useSetMonitoring, useToggleDeleted } from '../hooks';
import type { Dispatch, RowAction } from './actions';
import type { DialogState } from './LocationDialogs';

type Options = {
  siteId: number;
  /** A row ticked or unticked in the selection. */
  select: (row: LocationRow, on: boolean) => void;
  /** A location erased: it leaves the selection. */
  forget: (locationId: number) => void;
  openDialog: (dialog: DialogState, locationId?: number) => void;
  /** A row's question in the confirm dialog, the focus going back to the row afterwards. */
  confirmFor: (locationId: number, options: ConfirmOptions) => Promise<boolean>;
  highlight: (locationId: number) => void;
};

/**
 * What a row's controls do: select it, delete, reactivate or erase it (after a question),
 * change a meter's monitoring, refresh its usage, or open one of its dialogs. Rows get one
 * stable dispatcher (so that memoised rows do not re-render) that runs the latest handler.
 */
export function useRowActions({ siteId, select, forget, openDialog, confirmFor, highlight }: Options) {
  const { t } = useTranslation();
  const toggleDeleted = useToggleDeleted(siteId);
  const erase = useEraseLocation(siteId);
  const monitoring = useSetMonitoring(siteId);
  const refreshUsage = useRefreshUsage(siteId);

  const handle = (action: RowAction) => {
    const row = action.row;
    const name = row.locationDescription;
    switch (action.kind) {
      case 'select':
        select(row, action.selected);
        return;
      case 'toggleDeleted': {
        const action = row.deleted ? 'reactivate' : 'delete';
        const word = t(`locations.actionWord.${action}`);
        void (async () => {
          const ok = await confirmFor(row.locationID, {
            title: row.deleted ? t('locations.dialogs.reactivateTitle') : t('locations.dialogs.deleteTitle'),
            message: row.deleted
              ? t('locations.dialogs.reactivateQuestion', { location: name })
              : t('locations.dialogs.deleteQuestion', { location: name }),
            confirmLabel: row.deleted ? t('locations.actions.reactivate') : t('locations.actions.delete'),
            danger: !row.deleted,
          });
          if (!ok) return;
          toggleDeleted.mutate(row.locationID, {
            onSuccess: () => {
              toast.success(t('msg.locationActionDone', { action: word }));
              highlight(row.locationID);
            },
            onError: (error) => toast.error(deleteFailure(t, error, word)),
          });
        })();
        return;
      }
      case 'erase': {
        const word = t('locations.actionWord.delete');
        void (async () => {
          const ok = await confirmFor(row.locationID, {
            title: t('locations.dialogs.eraseTitle'),
            message: t('locations.dialogs.eraseQuestion', { location: name }),
            confirmLabel: t('locations.actions.erase'),
            danger: true,
          });
          if (!ok) return;
          erase.mutate(row.locationID, {
            onSuccess: () => {
              forget(row.locationID);
              toast.success(t('msg.locationActionDone', { action: word }));
            },
            onError: (error) => toast.error(deleteFailure(t, error, word)),
          });
        })();
        return;
      }
      case 'monitoring':
        monitoring.mutate(
          [
            {
              LocationId: row.locationID,
              ServicePointID: action.servicePointId,
              ExcludeFromMonitoring: !action.monitored,
            },
          ],
          {
            onSuccess: () => toast.success(t('msg.monitoringUpdated')),
            onError: () => toast.error(t('msg.monitoringFailed')),
          },
        );
        return;
      case 'refreshUsage':
        refreshUsage.mutate(row.locationID, { onError: (error) => toast.error(errorMessage(t, error)) });
        return;
      case 'device':
        openDialog(
          { kind: 'device', locationId: row.locationID, servicePointId: action.servicePointId },
          row.locationID,
        );
        return;
      case 'move':
        openDialog({ kind: 'move', locationId: row.locationID }, row.locationID);
        return;
      default:
        openDialog({ kind: action.kind, locationId: row.locationID }, row.locationID);
    }
  };
  const handleRef = useRef(handle);
  useLayoutEffect(() => {
    handleRef.current = handle;
  });
  const dispatch: Dispatch = useCallback((action: RowAction) => handleRef.current(action), []);
  const refreshingId = refreshUsage.isPending ? refreshUsage.variables : null;
  return { dispatch, refreshingId };
}

/** Delete and reactivate: 417 (or 400) means transaction records keep the location. */
function deleteFailure(t: TFunction, error: unknown, action: string): string {
  if (error instanceof ApiError && (error.status === 417 || error.status === 400)) {
    return t('msg.locationHasTransactions', { action });
  }
  if (error instanceof ApiError && error.messageCode === 'checkOutFirst') return t('msg.checkOutFirst');
  return t('msg.locationActionFailed', { action });
}
