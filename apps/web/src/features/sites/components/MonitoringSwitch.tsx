import { Switch } from '@mantine/core';
import type { SiteWithStats } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { failureMessage } from '../failureMessage';
import { useSiteMonitoring } from '../hooks';

/** Includes the property in monitoring or excludes it (Administrator); shows the asked state while saving. */
export function MonitoringSwitch({ site }: { site: SiteWithStats }) {
  const { t } = useTranslation();
  const monitoring = useSiteMonitoring();
  const pending = monitoring.isPending ? monitoring.variables : undefined;
  const monitored = pending ? !pending.excludeFromMonitoring : !site.excludeFromMonitoring;
  return (
    <Switch
      size="sm"
      label={t('sites.monitoring')}
      aria-label={t('sites.monitoringOf', { name: site.sitePublicName })}
      checked={monitored}
      disabled={monitoring.isPending}
      onChange={(event) =>
        monitoring.mutate(
          { siteID: site.siteID, excludeFromMonitoring: !event.currentTarget.checked },
          {
            onSuccess: ({ message }) => toast.success(serverText(t, message, 'monitoringUpdated')),
            onError: (error) => toast.error(failureMessage(t, error, 'monitoringFailed')),
          },
        )
      }
    />
  );
}
