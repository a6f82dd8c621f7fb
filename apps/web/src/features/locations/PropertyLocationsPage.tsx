import { Button, Group } from '@mantine/core';
import { api, hasPermission } from '@portal/contract';
import { IconCalendarEvent, IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRole } from '../../lib/session/useRole';
import { PageTitle } from '../../ui/PageTitle';
import { PropertyScreen } from '../../ui/PropertyScreen';
import { ImportReadingsButton } from '../reading-import';
import { LocationsTable } from './table/LocationsTable';

const reservationsAccess = api.integrations.reservations.access;
const importAccess = api.meters.importReadings.access;

/** /Locations/:siteId: one property's locations on a page of their own (a link a manager can keep on the phone). */
export function PropertyLocationsPage() {
  const { t } = useTranslation();
  const role = useRole();
  // the property's staff, who may read its reservations
  const readsReservations = reservationsAccess.anyOf.some((p) => hasPermission(role, p));
  const importsReadings = importAccess.anyOf.some((p) => hasPermission(role, p));
  return (
    <PropertyScreen page={t('locations.page.title')}>
      {(site) => (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <PageTitle>{site.sitePublicName}</PageTitle>
            <Group gap="xs">
              {[
                {
                  to: `/ReadingRoute/${site.siteID}`,
                  Icon: IconClipboardList,
                  label: t('readRoute.open'),
                  shown: true,
                },
                {
                  to: `/Reservations/${site.siteID}`,
                  Icon: IconCalendarEvent,
                  label: t('reservations.title'),
                  shown: readsReservations,
                },
              ]
                .filter((page) => page.shown)
                .map(({ to, Icon, label }) => (
                  <Button
                    key={to}
                    component={Link}
                    to={to}
                    variant="default"
                    size="xs"
                    leftSection={<Icon size={14} aria-hidden />}
                  >
                    {label}
                  </Button>
                ))}
              {importsReadings && <ImportReadingsButton site={site} />}
            </Group>
          </Group>
          <LocationsTable site={site} withPropertyActions />
        </>
      )}
    </PropertyScreen>
  );
}
