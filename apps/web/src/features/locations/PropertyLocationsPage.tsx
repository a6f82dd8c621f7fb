import { Alert, Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { client } from '../../lib/client';
import { errorMessage } from '../../i18n/messages';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { SITE_LISTS_KEY } from './liveData';
import { LocationsTable } from './table/LocationsTable';

/** The visible properties (the same list and key as My Properties, so both share one cache entry). */
function useVisibleSites() {
  return useQuery({
    queryKey: [...SITE_LISTS_KEY, 'visible'],
    queryFn: async ({ signal }) => (await client.sites.visible({ signal })).result,
  });
}

/** /Locations/:siteId: one property's locations on a page of their own (a link a manager can keep on the phone). */
export function PropertyLocationsPage() {
  const { t } = useTranslation();
  const siteId = Number(useParams().siteId);
  const sites = useVisibleSites();
  const site = sites.data?.find((s) => s.siteID === siteId);

  if (sites.isPending) return <PageLoader />;
  if (sites.isError) return <Alert color="red">{errorMessage(t, sites.error)}</Alert>;
  if (!site) {
    return (
      <>
        <PageTitle>{t('locations.page.title')}</PageTitle>
        <Alert color="yellow">{t('locations.page.notFound')}</Alert>
      </>
    );
  }
  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to="/MySites" size="sm">
          {t('pages.mySites.title')}
        </Anchor>
        <Text size="sm">{site.sitePublicName}</Text>
      </Breadcrumbs>
      <PageTitle>{site.sitePublicName}</PageTitle>
      <LocationsTable site={site} withPropertyActions />
    </>
  );
}
