import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { HeldBackReading } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverText } from '../../../i18n/messages';
import { useConfirm } from '../../../ui/confirmContext';
import { PropertyTime } from '../../../ui/PropertyTime';
import { ScrollTable } from '../../../ui/ScrollTable';
import { toast } from '../../../ui/toast';
import { useDecideReading, useHeldBack } from '../hooks';
import { unitAmount } from '../unitAmount';

/**
 * A location's readings held back (a rise faster than the meter can deliver, not billed): each
 * with its meter, time, reading and the level it rises from, to confirm as real usage or discard,
 * each asked again first. Shows nothing when there are none.
 */
export function HeldBackReadings({ locationID, timeZone }: { locationID: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const held = useHeldBack(locationID);
  const decide = useDecideReading();
  const confirm = useConfirm();
  const language = i18n.language;
  const amount = (value: string | null, unit: HeldBackReading['unit']) => unitAmount(t, language, value, unit);

  if (held.isPending) return <Skeleton height={48} />;
  if (held.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(t, held.error)}
      </Alert>
    );
  if (!held.data.length) return null;

  const onDecide = async (r: HeldBackReading, decision: 'confirm' | 'discard') => {
    const ok = await confirm({
      title: t(`billing.heldBack.${decision}Title`),
      message: t(`billing.heldBack.${decision}Question`, {
        meter: r.servicePointName,
        reading: amount(r.reading, r.unit),
        rise: amount(r.rise, r.unit),
      }),
      confirmLabel: t(`billing.heldBack.${decision}`),
      danger: decision === 'confirm',
    });
    if (!ok) return;
    decide.mutate(
      { decision, servicePointID: r.servicePointID, readDateTime: r.readDateTime },
      {
        onSuccess: (message) =>
          toast.success(serverText(t, message, decision === 'confirm' ? 'readingConfirmed' : 'readingDiscarded')),
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="held-back">
      <Title order={3} size="h5" id="held-back" c="orange.8">
        {t('billing.heldBack.title', { count: held.data.length })}
      </Title>
      <Text size="sm">{t('billing.heldBack.intro')}</Text>
      <ScrollTable
        minWidth={560}
        withTableBorder
        verticalSpacing={4}
        columns={[
          { label: t('billing.heldBack.meter') },
          { label: t('billing.heldBack.readAt') },
          { label: t('billing.heldBack.reading'), figure: true },
          { label: t('billing.heldBack.previous'), figure: true },
          { label: <VisuallyHidden>{t('billing.heldBack.actions')}</VisuallyHidden> },
        ]}
      >
        {held.data.map((r) => (
          <Table.Tr key={`${r.servicePointID} ${r.readDateTime}`} data-held-back={r.readDateTime}>
            <Table.Th scope="row" fw={500}>
              {r.servicePointName}
            </Table.Th>
            <Table.Td>
              <PropertyTime iso={r.readDateTime} timeZone={timeZone} />
            </Table.Td>
            <Table.Td ta="right">{amount(r.reading, r.unit)}</Table.Td>
            <Table.Td ta="right">{amount(r.previousReading, r.unit)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={decide.isPending}
                  aria-label={t('billing.heldBack.confirmOf', { meter: r.servicePointName })}
                  onClick={() => void onDecide(r, 'confirm')}
                >
                  {t('billing.heldBack.confirm')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={decide.isPending}
                  aria-label={t('billing.heldBack.discardOf', { meter: r.servicePointName })}
                  onClick={() => void onDecide(r, 'discard')}
                >
                  {t('billing.heldBack.discard')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}
