import { Paper } from '@mantine/core';
import type { SiteWithStats } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { LocationsTable } from '../../locations';

/** The body of an expanded property: its locations table (the locations feature). */
export function SiteLocationsFrame({ site }: { site: SiteWithStats }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      aria-label={t('sites.locations.frame', { name: site.sitePublicName })}
      component="section"
    >
      <LocationsTable site={site} />
    </Paper>
  );
}
