import { Button, Stack, Text } from '@mantine/core';
import { Permission, type SiteWithStats, hasPermission } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRole } from '../../lib/session/useRole';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { PropertyScreen } from '../../ui/PropertyScreen';
import { QueryState } from '../../ui/QueryState';
import { CheckInSetting } from './components/CheckInSetting';
import { ReservationFilters } from './components/ReservationFilters';
import { ReservationsTable } from './components/ReservationsTable';
import { useReservations } from './hooks';
import { type PeriodDays, periodOf } from './period';
import { type RowFilters, filterRows } from './reservations';

/** /Reservations/:siteId: what the property's park management system sent, its stays and conflicts, and when it checks in. */
export function ReservationsPage() {
  const { t } = useTranslation();
  return (
    <PropertyScreen page={t('reservations.title')} below>
      {(site) => (
        <>
          <PageTitle>{t('reservations.heading', { property: site.sitePublicName })}</PageTitle>
          <Stack gap="lg">
            <Text c="dimmed" maw={760}>
              {t('reservations.intro')}
            </Text>
            <PropertyReservations key={site.siteID} site={site} />
            <CheckInSetting siteID={site.siteID} />
          </Stack>
        </>
      )}
    </PropertyScreen>
  );
}

function PropertyReservations({ site }: { site: SiteWithStats }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<PeriodDays>({ from: '', to: '' });
  const [filters, setFilters] = useState<RowFilters>({ status: null, onlyConflicts: false });
  const reservations = useReservations(site.siteID, periodOf(days, site.timeZone));

  return (
    <Stack gap="sm">
      <ReservationFilters
        days={days}
        onDays={setDays}
        filters={filters}
        onFilters={setFilters}
        timeZone={site.timeZone}
      />
      <QueryState
        query={reservations}
        loading={{ height: 36, count: 4, gap: 'xs' }}
        failed={t('reservations.loadFailed')}
        empty={<NoReservations />}
      >
        {(rows) => <ReservationsTable site={site} rows={filterRows(rows, filters)} />}
      </QueryState>
    </Stack>
  );
}

/** Nothing came from a PMS: where to connect one (the Integrations page, for those who may open it). */
function NoReservations() {
  const { t } = useTranslation();
  const mayConnect = hasPermission(useRole(), Permission.ManageUsers);
  return (
    <EmptyState title={t('reservations.emptyTitle')} text={t('reservations.emptyText')}>
      {mayConnect && (
        <Button component={Link} to="/Integrations" variant="light">
          {t('reservations.toIntegrations')}
        </Button>
      )}
    </EmptyState>
  );
}
