import { Alert, Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { SiteWithStats } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../i18n/messages';
import { useVisibleSites } from '../lib/visibleSites';
import { PageLoader } from './PageLoader';
import { PageTitle } from './PageTitle';

type Props = {
  /** The page's name: its heading when the property is not found, and the last crumb of a page below the property's. */
  page: string;
  /** A page below the property's locations (its crumbs then link back to them). */
  below?: boolean;
  children: (site: SiteWithStats) => ReactNode;
};

/**
 * A page of one property (`:siteId` of the path): the property looked up among those the user
 * may see (the cache My Properties fills), its crumbs, and the page once it is found.
 */
export function PropertyScreen({ page, below = false, children }: Props) {
  const { t } = useTranslation();
  const siteId = Number(useParams().siteId);
  const sites = useVisibleSites();
  const site = sites.data?.find((s) => s.siteID === siteId);

  if (sites.isPending) return <PageLoader />;
  if (sites.isError) return <Alert color="red">{errorMessage(t, sites.error)}</Alert>;
  if (!site) {
    return (
      <>
        <PageTitle>{page}</PageTitle>
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
        {below ? (
          <Anchor component={Link} to={`/Locations/${site.siteID}`} size="sm">
            {site.sitePublicName}
          </Anchor>
        ) : (
          <Text size="sm">{site.sitePublicName}</Text>
        )}
        {below && <Text size="sm">{page}</Text>}
      </Breadcrumbs>
      {children(site)}
    </>
  );
}
