import { Anchor, Text } from '@mantine/core';
import { type ReservationRow, locationPath } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../ui/DataTable';
import { PropertyTime } from '../../../ui/PropertyTime';
import { StatusBadge } from '../../../ui/StatusBadge';
import { statusColors, stayStateOf } from '../reservations';
import { ConflictCell, useConflictText } from './ConflictCell';

type Column = ColumnDef<ReservationRow, unknown>;
type Site = { siteID: number; sitePublicName: string; timeZone: string };

function LocationCell({ siteID, r }: { siteID: number; r: ReservationRow }) {
  const { t } = useTranslation();
  if (r.locationID === null) {
    return (
      <>
        <div>{r.locationDescription}</div>
        <Text component="div" size="xs" c="dimmed">
          {t('reservations.asSent')}
        </Text>
      </>
    );
  }
  return (
    <Anchor component={Link} to={locationPath(siteID, r.locationDescription)} size="sm">
      {r.locationDescription}
    </Anchor>
  );
}

function StayCell({ r }: { r: ReservationRow }) {
  const { t } = useTranslation();
  const state = stayStateOf(r);
  if (state === 'none' || r.stayID === null) return <>—</>;
  return (
    <Anchor component={Link} to={`/Statement/${r.stayID}`} size="sm">
      {t(`reservations.stay.${state}`)}
    </Anchor>
  );
}

/** The reservations shown, by arrival: times in the property's zone, the location linked to its row, the conflict in words. */
export function ReservationsTable({ site, rows }: { site: Site; rows: ReservationRow[] }) {
  const { t } = useTranslation();
  const conflictText = useConflictText();
  const columns = useMemo<Column[]>(() => {
    const time = (key: 'arrival' | 'departure'): Column => ({
      id: key,
      header: t(`reservations.columns.${key}`),
      accessorFn: (r) => r[key],
      enableGlobalFilter: false,
      cell: ({ row }) => <PropertyTime iso={row.original[key]} timeZone={site.timeZone} />,
    });
    return [
      time('arrival'),
      time('departure'),
      {
        id: 'location',
        header: t('reservations.columns.location'),
        accessorFn: (r) => r.locationDescription,
        cell: ({ row }) => <LocationCell siteID={site.siteID} r={row.original} />,
      },
      { id: 'guest', header: t('reservations.columns.guest'), accessorFn: (r) => r.guestName },
      {
        id: 'status',
        header: t('reservations.columns.status'),
        accessorFn: (r) => t(`reservations.status.${r.status}`),
        cell: ({ row }) => (
          <StatusBadge color={statusColors[row.original.status]}>
            {t(`reservations.status.${row.original.status}`)}
          </StatusBadge>
        ),
      },
      {
        id: 'stay',
        header: t('reservations.columns.stay'),
        accessorFn: (r) => stayStateOf(r),
        enableGlobalFilter: false,
        cell: ({ row }) => <StayCell r={row.original} />,
      },
      { id: 'source', header: t('reservations.columns.source'), accessorFn: (r) => r.source },
      {
        id: 'conflict',
        header: t('reservations.columns.conflict'),
        accessorFn: (r) => (r.conflict === null ? '' : conflictText(r.conflict)),
        cell: ({ row }) => <ConflictCell code={row.original.conflict} />,
      },
    ];
  }, [t, site.siteID, site.timeZone, conflictText]);

  return (
    <DataTable
      data={rows}
      columns={columns}
      initialSort={[{ id: 'arrival', desc: false }]}
      pageSize={25}
      minWidth={1100}
      label={t('reservations.tableLabel', { property: site.sitePublicName })}
      getRowId={(r) => String(r.reservationID)}
      texts={{
        pageLength: t('reservations.pageLength'),
        all: t('reservations.all'),
        search: t('reservations.search'),
        range: (range) => t('reservations.range', range),
        empty: t('reservations.noMatch'),
      }}
      hidePagerWithOnePage
    />
  );
}
