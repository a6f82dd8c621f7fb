import { Tooltip } from '@mantine/core';
import type { SiteWithStats } from '@portal/contract';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../ui/StatusBadge';

/** How many integrations a property has; the tooltip (and the accessible name) lists them. */
export function IntegrationsBadge({ site }: { site: SiteWithStats }) {
  const { t } = useTranslation();
  const names = site.integrations.map((integration) => integration.partnerName);
  const list = names.length > 0 ? names.join(', ') : t('sites.integrationsNone');
  return (
    <Tooltip label={list} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
      <StatusBadge
        tabIndex={0}
        role="img"
        aria-label={t('sites.integrationsOf', { name: site.sitePublicName, list })}
        color={names.length > 0 ? 'teal' : 'gray'}
        icon={<IconPlugConnected size={12} aria-hidden />}
      >
        {t('sites.integrationsCount', { count: names.length })}
      </StatusBadge>
    </Tooltip>
  );
}
