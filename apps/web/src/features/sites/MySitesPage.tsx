import { Button, Group } from '@mantine/core';
import { Role } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { useMe } from '../auth';
import { SiteAccordion } from './components/SiteAccordion';
import { SitesLoadFailed, SitesSkeleton } from './components/SitesStatus';
import { useVisibleSites } from '../../lib/visibleSites';
import { useRole } from '../../lib/session/useRole';
import { useSiteActions } from './useSiteActions';

const SHOWN_BUSINESS_NAMES = 3;

/** The business names appended to the title: a few, then how many more. */
function businessNames(names: readonly string[], more: (count: number) => string): string {
  const distinct = [...new Set(names)].sort((a, b) => a.localeCompare(b));
  const shown = distinct.slice(0, SHOWN_BUSINESS_NAMES).join(', ');
  return distinct.length > SHOWN_BUSINESS_NAMES ? `${shown} ${more(distinct.length - SHOWN_BUSINESS_NAMES)}` : shown;
}

/** My Properties: the properties the user may see, each with its counts, monitoring and actions. */
export function MySitesPage() {
  const { t } = useTranslation();
  const role = useRole();
  const sites = useVisibleSites();
  const me = useMe();
  const { actions, addProperty, dialogs } = useSiteActions();

  const names = businessNames(
    (sites.data ?? []).map((site) => site.busEntityName),
    (count) => t('sites.moreBusinesses', { count }),
  );
  const title = names ? t('sites.titleWithBusinesses', { names }) : t('pages.mySites.title');
  // A Site Owner adds properties to their own business; an Administrator chooses the business.
  const canAdd = role === Role.Administrator || (role === Role.SiteOwner && !!me.data?.busEntityID);
  const add = () => addProperty(role === Role.SiteOwner ? (me.data?.busEntityID ?? undefined) : undefined);

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <PageTitle>{title}</PageTitle>
        {canAdd && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
            {t('sites.addProperty')}
          </Button>
        )}
      </Group>
      {sites.isPending && <SitesSkeleton />}
      {sites.isError && <SitesLoadFailed error={sites.error} onRetry={() => void sites.refetch()} />}
      {sites.data?.length === 0 && (
        <EmptyState title={t('sites.empty.title')} text={t(emptyText(role))}>
          {role === Role.Administrator && (
            <Button component={Link} to="/AdminPanel" variant="light">
              {t('sites.empty.openAdminPanel')}
            </Button>
          )}
          {role === Role.SiteOwner && canAdd && (
            <Button variant="light" onClick={add}>
              {t('sites.addProperty')}
            </Button>
          )}
        </EmptyState>
      )}
      {sites.data && sites.data.length > 0 && <SiteAccordion sites={sites.data} role={role} actions={actions} />}
      {dialogs}
    </>
  );
}

function emptyText(role: number) {
  if (role === Role.Administrator) return 'sites.empty.admin' as const;
  if (role === Role.SiteOwner) return 'sites.empty.owner' as const;
  return 'sites.empty.manager' as const;
}
