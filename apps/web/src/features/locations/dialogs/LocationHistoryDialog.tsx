import { Fragment } from 'react';
import { Alert, Anchor, Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { StayHistoryRow } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/decimals';
import { errorMessage } from '../../../i18n/messages';
import { HeldBackReadings } from '../../billing';
import { useStayHistory } from '../hooks';
import type { DialogProps } from './dialogProps';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { propertyTimeText } from '../../../ui/PropertyTime';
import { ScrollTable } from '../../../ui/ScrollTable';

/** 'Location History (service point name)': the location's meters, or its description when it has none. */
function historyName(row: DialogProps['row']): string {
  return row.servicePoints.map((sp) => sp.servicePointName).join(', ') || row.locationDescription;
}

type MeterEvent = StayHistoryRow['meterEvents'][number];

/**
 * Location History (screen 13): the readings of its meters held back (for staff to confirm or
 * discard), then the location's stays, newest first; an open stay is greyed and 'In-Use'. Below a
 * stay, what broke its meters' series during it and in the vacancy after it (a reset, a meter
 * replaced in the field, a rollover, a reading held back), newest first. Each stay links to its
 * statement.
 */
export function LocationHistoryDialog({ site, row, onClose }: DialogProps) {
  const { t, i18n } = useTranslation();
  const history = useStayHistory(row.locationID);
  const stays = history.data ?? [];
  const anyOpen = stays.some((s) => s.checkoutDateTime === null);
  const when = (iso: string) => propertyTimeText(iso, site.timeZone, i18n.language);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const reading = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  const describe = (e: MeterEvent) =>
    t(`locations.history.event.${e.kind}`, {
      meter: e.servicePointName,
      reading: reading.format(e.reading),
      previous: e.previousReading === null ? '—' : reading.format(e.previousReading),
    });

  return (
    <ResponsiveModal onClose={onClose} size="xl" title={t('locations.history.title', { name: historyName(row) })}>
      <Stack gap="sm">
        <HeldBackReadings locationID={row.locationID} timeZone={site.timeZone} />
        <Title order={3} size="h5">
          {anyOpen ? t('locations.history.previousCurrent') : t('locations.history.previous')}
        </Title>
        {history.isPending ? (
          <Skeleton height={120} />
        ) : history.isError ? (
          <Alert color="red" title={t('msg.historyLoadFailed')}>
            {errorMessage(t, history.error)}
          </Alert>
        ) : stays.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {t('msg.noData')}
          </Text>
        ) : (
          <ScrollTable
            minWidth={600}
            striped
            withTableBorder
            columns={[
              { label: t('locations.history.dateRange') },
              { label: t('locations.history.customerName') },
              { label: t('locations.history.customerPhone') },
              { label: t('locations.history.totalKwh') },
              { label: t('locations.history.total') },
            ]}
          >
            {stays.map((stay) => {
              const open = stay.checkoutDateTime === null;
              const guest = stay.guest ? [stay.guest.firstName, stay.guest.lastName].filter(Boolean).join(' ') : '';
              const from = when(stay.checkinDateTime);
              const range = `${from} – ${open ? t('locations.history.inUse') : when(stay.checkoutDateTime ?? stay.checkinDateTime)}`;
              return (
                <Fragment key={stay.stayID}>
                  <Table.Tr
                    c={open ? 'dimmed' : undefined}
                    bg={open ? 'var(--mantine-color-default-hover)' : undefined}
                  >
                    <Table.Td>
                      {from} –{' '}
                      {open ? (
                        <Badge size="sm" color="gray" variant="outline">
                          {t('locations.history.inUse')}
                        </Badge>
                      ) : (
                        when(stay.checkoutDateTime ?? stay.checkinDateTime)
                      )}
                    </Table.Td>
                    <Table.Td>{guest || '—'}</Table.Td>
                    <Table.Td>{stay.guest?.mobileNumber || '—'}</Table.Td>
                    <Table.Td>
                      {stay.totalUsage === null ? '—' : number.format(stay.totalUsage)}{' '}
                      {stay.estimated && (
                        <Badge color="orange" size="sm" data-estimated>
                          {t('billing.statement.estimated')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/Statement/${stay.stayID}`}
                        aria-label={t('locations.history.statementOf', { range })}
                      >
                        {formatMoney(stay.statementTotal.total, stay.statementTotal.currency, i18n.language)}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                  {stay.meterEvents.map((e) => (
                    <Table.Tr key={`${e.servicePointName} ${e.readDateTime}`} data-meter-event={e.kind}>
                      <Table.Td colSpan={5}>
                        <Text size="sm" pl="md">
                          {when(e.readDateTime)} · {describe(e)}
                          {stay.checkoutDateTime !== null && e.readDateTime >= stay.checkoutDateTime
                            ? ` (${t('locations.history.afterCheckout')})`
                            : ''}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Fragment>
              );
            })}
          </ScrollTable>
        )}
      </Stack>
    </ResponsiveModal>
  );
}
