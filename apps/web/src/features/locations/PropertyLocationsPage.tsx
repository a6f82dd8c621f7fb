import { Alert, Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useVisibleSites } from '../../lib/visibleSites';
import { errorMessage } from '../../i18n/messages';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { LocationsTable } from './table/LocationsTable';

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
