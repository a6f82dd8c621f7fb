import { Anchor } from '@mantine/core';
import type { SiteWithStats } from '@portal/contract';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../ui/StatusBadge';

/**
 * A property's alerts nobody has acknowledged yet, as a red badge that opens them on the Alerts
 * page; nothing when there are none. Beside the header's toggle, not in it: a link inside a
 * button is not valid HTML, and screen readers announce it badly.
 */
export function OpenAlertsLink({ site, describedBy }: { site: SiteWithStats; describedBy: string }) {
  const { t } = useTranslation();
  if (site.openAlerts <= 0) return null;
  return (
    <Anchor component={Link} to={`/Alerts?siteID=${site.siteID}`} underline="never" aria-describedby={describedBy}>
      <StatusBadge color="red" icon={<IconBell size={12} aria-hidden />}>
        {t('alerts.openBadge', { count: site.openAlerts })}
      </StatusBadge>
    </Anchor>
  );
}
