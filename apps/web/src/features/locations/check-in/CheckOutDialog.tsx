import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { toastSaved, toastStatusError } from '../feedback';
import { useCheckOut, useCurrentStay } from '../hooks';
import type { DialogProps } from '../dialogs/dialogProps';
import { propertyTimeText } from '../../../ui/PropertyTime';
import { readingsComplete, readingsToSend, StayReadings, type MeterToRead, type TakenReadings } from './StayReadings';
import { useState } from 'react';

/**
 * Check-out, confirmed: the guest, since when, and what each meter used so far (the figures
 * the stay closes with), the closing readings of meters read by hand or gone silent (typed or
 * estimated), then Check Out switches the services off.
 */
export function CheckOutDialog({ site, row, onClose, onDone }: DialogProps) {
  const { t, i18n } = useTranslation();
  const stay = useCurrentStay(row.locationID);
  const checkOut = useCheckOut(site.siteID);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const reading = (value: number | null) => (value === null ? '—' : number.format(value));
  const guest = stay.data?.guest;
  const guestName = guest ? [guest.firstName, guest.lastName].filter(Boolean).join(' ') : null;
  const [taken, setTaken] = useState<TakenReadings>({});
  const toRead: MeterToRead[] = (stay.data?.meters ?? [])
    .filter((m) => m.readByHand || m.silent)
    .map((m) => ({
      servicePointID: m.servicePointID,
      name: m.servicePointName,
      unit: m.unit,
      required: m.readByHand,
      estimate: m.estimate,
    }));

  const confirm = () =>
    checkOut.mutate(
      { locationID: row.locationID, readings: readingsToSend(taken) },
      {
        onSuccess: (answer) => {
          toastSaved(t, answer.statusCode, 'checkOutSuccess', 'checkOutPending');
          onDone([row.locationID]);
          onClose();
        },
        onError: (error) => toastStatusError(t, error, 'checkOutFailed'),
      },
    );

  return (
    <ResponsiveModal onClose={onClose} size="lg" title={t('checkIn.checkOutTitle')}>
      <Stack gap="sm">
        <Text>{t('checkIn.checkOutQuestion', { location: row.locationDescription })}</Text>
        {stay.isPending ? (
          <Skeleton height={96} role="status" aria-label={t('common.loading')} />
        ) : stay.isError ? (
          <Alert color="yellow" role="alert">
            {errorMessage(t, stay.error)}
          </Alert>
        ) : stay.data ? (
          <>
            <Text size="sm" c="dimmed">
              {t('checkIn.checkedInSince', {
                at: propertyTimeText(stay.data.checkinDateTime, site.timeZone, i18n.language),
              })}
              {guestName ? ` · ${guestName}` : ''}
            </Text>
            <Table withTableBorder aria-label={t('checkIn.usageSoFar')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('checkIn.meter')}</Table.Th>
                  <Table.Th ta="right">{t('checkIn.openingReading')}</Table.Th>
                  <Table.Th ta="right">{t('checkIn.currentReading')}</Table.Th>
                  <Table.Th ta="right">{t('checkIn.usageSoFar')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stay.data.meters.map((m) => (
                  <Table.Tr key={m.servicePointID}>
                    <Table.Td ff="monospace">{m.servicePointName}</Table.Td>
                    <Table.Td ta="right">{reading(m.openingReading)}</Table.Td>
                    <Table.Td ta="right">{reading(m.currentReading)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {number.format(m.usage)} {m.unit}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <StayReadings meters={toRead} taken={taken} onChange={setTaken} />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={confirm}
            loading={checkOut.isPending}
            disabled={stay.isPending || !readingsComplete(toRead, taken)}
            data-autofocus
          >
            {t('locations.table.checkOut')}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
