import { ActionIcon, Menu } from '@mantine/core';
import { managesProperties, Role, type RoleId, type SiteWithStats } from '@portal/contract';
import {
  IconAdjustments,
  IconCalendarTime,
  IconBellCog,
  IconDotsVertical,
  IconGauge,
  IconMapPinPlus,
  IconPencil,
  IconReceipt,
  IconReportAnalytics,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SiteActions } from '../siteActions';

/**
 * The property's action menu: Reporting, Scheduled Reports, Add Location, Assign Meter, Alert
 * thresholds for everyone (the schedules and thresholds read-only for a Site Manager); Manage
 * Property, Property Settings and Tariffs not for a Site Manager; Delete Property for an Administrator.
 */
export function SiteActionsMenu({ site, role, actions }: { site: SiteWithStats; role: RoleId; actions: SiteActions }) {
  const { t } = useTranslation();
  const canManage = managesProperties(role);
  const icon = { size: 16, 'aria-hidden': true } as const;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('sites.actionsOf', { name: site.sitePublicName })}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconReportAnalytics {...icon} />} onClick={() => actions.onReporting(site)}>
          {t('sites.menu.reporting')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCalendarTime {...icon} />} onClick={() => actions.onSchedules(site)}>
          {t('schedules.menu')}
        </Menu.Item>
        <Menu.Item leftSection={<IconMapPinPlus {...icon} />} onClick={() => actions.onAddLocation(site)}>
          {t('sites.menu.addLocation')}
        </Menu.Item>
        <Menu.Item leftSection={<IconGauge {...icon} />} onClick={() => actions.onAssignMeter(site)}>
          {t('sites.menu.assignMeter')}
        </Menu.Item>
        <Menu.Item leftSection={<IconBellCog {...icon} />} onClick={() => actions.onAlertThresholds(site)}>
          {t('alertThresholds.menu')}
        </Menu.Item>
        {canManage && (
          <>
            <Menu.Item leftSection={<IconPencil {...icon} />} onClick={() => actions.onManage(site)}>
              {t('sites.menu.manage')}
            </Menu.Item>
            <Menu.Item leftSection={<IconAdjustments {...icon} />} onClick={() => actions.onSettings(site)}>
              {t('sites.menu.settings')}
            </Menu.Item>
            <Menu.Item leftSection={<IconReceipt {...icon} />} onClick={() => actions.onTariffs(site)}>
              {t('sites.menu.tariffs')}
            </Menu.Item>
          </>
        )}
        {role === Role.Administrator && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash {...icon} />} onClick={() => actions.onDelete(site)}>
              {t('sites.menu.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
