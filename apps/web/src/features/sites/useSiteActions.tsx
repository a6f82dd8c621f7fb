import type { SiteWithStats } from '@portal/contract';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/messages';
import { useConfirm } from '../../ui/confirmContext';
import { focusLater, openerNow } from '../../ui/focusReturn';
import { toast } from '../../ui/toast';
import { PropertyReportsModal, SchedulesDialog } from '../reports';
import { AddLocationsDialog, AssignMetersDialog } from '../locations';
import { TariffsDialog } from '../billing';
import { ThresholdsDialog } from '../alerts';
import { SiteSettingsModal } from './components/SiteSettingsModal';
import { SiteFormModal } from './components/site-form/SiteFormModal';
import { failureMessage } from './failureMessage';
import { useDeleteSite } from './hooks';
import type { SiteActions } from './siteActions';

type OpenDialog =
  | {
      dialog:
        'reporting' | 'schedules' | 'addLocation' | 'assignMeter' | 'manage' | 'settings' | 'tariffs' | 'thresholds';
      site: SiteWithStats;
    }
  | { dialog: 'add'; busEntityID?: number };

/**
 * The dialogs behind a property's action menu, and Add Property. A page renders `dialogs`
 * once and hands `actions` to its property lists.
 */
export function useSiteActions(): {
  actions: SiteActions;
  addProperty: (busEntityID?: number) => void;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useDeleteSite();
  const [open, setOpenDialog] = useState<OpenDialog | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const setOpen = (next: OpenDialog) => {
    opener.current = openerNow();
    setOpenDialog(next);
  };
  const close = () => {
    setOpenDialog(null);
    focusLater(() => opener.current);
  };

  const deleteSite = async (site: SiteWithStats) => {
    const confirmed = await confirm({
      title: t('sites.delete.title'),
      message: t('sites.delete.question', { name: site.sitePublicName }),
      confirmLabel: t('sites.delete.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(site.siteID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'propertyDeleted')),
      // The server says why it refused (a checked-in location); anything else is a plain failure.
      onError: (error) => toast.error(failureMessage(t, error, 'propertyDeleteFailed')),
    });
  };

  const actions: SiteActions = {
    onReporting: (site) => setOpen({ dialog: 'reporting', site }),
    onSchedules: (site) => setOpen({ dialog: 'schedules', site }),
    onAddLocation: (site) => setOpen({ dialog: 'addLocation', site }),
    onAssignMeter: (site) => setOpen({ dialog: 'assignMeter', site }),
    onManage: (site) => setOpen({ dialog: 'manage', site }),
    onSettings: (site) => setOpen({ dialog: 'settings', site }),
    onTariffs: (site) => setOpen({ dialog: 'tariffs', site }),
    onAlertThresholds: (site) => setOpen({ dialog: 'thresholds', site }),
    onDelete: (site) => void deleteSite(site),
  };

  const dialogs = (
    <>
      {open?.dialog === 'reporting' && <PropertyReportsModal opened site={open.site} onClose={close} />}
      {open?.dialog === 'schedules' && <SchedulesDialog site={open.site} onClose={close} />}
      {open?.dialog === 'addLocation' && <AddLocationsDialog site={open.site} onClose={close} />}
      {open?.dialog === 'assignMeter' && <AssignMetersDialog site={open.site} onClose={close} />}
      {open?.dialog === 'manage' && <SiteFormModal site={open.site} onClose={close} />}
      {open?.dialog === 'add' && <SiteFormModal busEntityID={open.busEntityID} onClose={close} />}
      {open?.dialog === 'settings' && <SiteSettingsModal site={open.site} onClose={close} />}
      {open?.dialog === 'tariffs' && <TariffsDialog site={open.site} onClose={close} />}
      {open?.dialog === 'thresholds' && <ThresholdsDialog site={open.site} onClose={close} />}
    </>
  );

  return { actions, addProperty: (busEntityID) => setOpen({ dialog: 'add', busEntityID }), dialogs };
}
