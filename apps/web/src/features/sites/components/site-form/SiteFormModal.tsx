import { Alert, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SiteWithStats } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/apiError';
import { errorMessage } from '../../../../i18n/messages';
import { useCountries, usePartners, useSiteSetting, useTimeZones } from '../../hooks';
import { SiteFormBody } from './SiteFormBody';
import { PropertyDialog } from '../../../../ui/PropertyDialog';

type Props = {
  /** The property to manage; none to add one. */
  site?: SiteWithStats;
  /** The business a new property belongs to, when the caller knows it. */
  busEntityID?: number;
  onClose: () => void;
};

/**
 * The Add/Edit Property dialog. Its form mounts once the reference data (and, for an
 * existing property, its settings) are loaded, so that every default is in place.
 */
export function SiteFormModal({ site, busEntityID, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const siteID = site?.siteID ?? 0;
  const setting = useSiteSetting(siteID);
  const partners = usePartners(siteID);
  const timeZones = useTimeZones();
  const countries = useCountries();

  const lookupsFailed = partners.isError || timeZones.isError || countries.isError;
  const ready =
    (siteID === 0 || setting.data !== undefined) &&
    partners.data !== undefined &&
    timeZones.data !== undefined &&
    countries.data !== undefined;

  return (
    <PropertyDialog
      onClose={onClose}
      title={site ? t('sites.form.editTitle', { name: site.sitePublicName }) : t('sites.form.addTitle')}
      size="xl"
      fullScreen={fullScreen}
    >
      {setting.isError && (
        <Alert color="red" variant="light" title={t('msg.settingLoadFailed')} mb="sm">
          {setting.error instanceof ApiError && setting.error.status > 0 ? errorMessage(t, setting.error) : null}
        </Alert>
      )}
      {lookupsFailed && (
        <Alert color="red" variant="light" mb="sm">
          {t('sites.form.loadFailed')}
        </Alert>
      )}
      {ready ? (
        <SiteFormBody
          site={site}
          setting={setting.data}
          busEntityID={busEntityID}
          partners={partners.data}
          timeZones={timeZones.data}
          countries={countries.data}
          onClose={onClose}
        />
      ) : (
        !setting.isError &&
        !lookupsFailed && (
          <Stack gap="sm" role="status" aria-label={t('common.loading')}>
            <Skeleton height={56} />
            <Skeleton height={160} />
            <Skeleton height={96} />
          </Stack>
        )
      )}
    </PropertyDialog>
  );
}
