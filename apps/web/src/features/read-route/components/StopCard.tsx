import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReadRouteStop } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/messages';
import { formatDecimal } from '../../../lib/decimals';
import { propertyTimeText } from '../../../ui/PropertyTime';
import type { ReadingBody } from '../queue';
import type { StopState } from '../route';
import { ReadingForm } from './ReadingForm';

type Props = {
  stop: ReadRouteStop;
  state: StopState;
  timeZone: string;
  onEnter: (body: ReadingBody) => Promise<void>;
  /** A refused reading: sent again with its lower value confirmed (a body), or dropped (null). */
  onDecide: (key: string, body: ReadingBody | null) => void;
};

/** One meter of the route: where it is, what it read last, what it should read now, and its reading. */
export function StopCard({ stop, state, timeZone, onEnter, onDecide }: Props) {
  const { t, i18n } = useTranslation();
  const amount = (text: string) => `${formatDecimal(text, i18n.language)} ${stop.unit}`;
  const entered = state.kind === 'waiting' || state.kind === 'refused' ? state.reading.body : null;
  const enteredValue = entered ? String(entered.kwHTotal ?? entered.totalGallons ?? '') : null;
  return (
    <Card withBorder padding="sm" radius="md" component="li" aria-labelledby={`stop-${stop.servicePointID}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={`stop-${stop.servicePointID}`}>
            {stop.locationDescription} · {stop.meterName}
          </Title>
          {!stop.readByHand && (
            <Badge color="orange" variant="light">
              {t('readRoute.silent')}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {stop.lastReading === null || stop.lastReadAt === null
            ? t('readRoute.noReading')
            : t('readRoute.last', {
                reading: amount(stop.lastReading),
                when: propertyTimeText(stop.lastReadAt, timeZone, i18n.language),
              })}
        </Text>
        {stop.expectedMin !== null && (
          <Text size="sm" c="dimmed">
            {stop.expectedMax === null
              ? t('readRoute.expectedFrom', { min: amount(stop.expectedMin) })
              : t('readRoute.expected', { min: amount(stop.expectedMin), max: amount(stop.expectedMax) })}
          </Text>
        )}
        {state.kind === 'stored' && <Badge color="green">{t('readRoute.readToday')}</Badge>}
        {state.kind === 'waiting' && enteredValue !== null && (
          <Badge color="yellow" variant="light">
            {t('readRoute.notSent', { reading: amount(enteredValue) })}
          </Badge>
        )}
        {state.kind === 'refused' && enteredValue !== null && entered && (
          <Stack gap={4} role="alert">
            <Text size="sm" c="red">
              {t('readRoute.refused', {
                reading: amount(enteredValue),
                reason: serverText(t, state.reading.refusal, 'readingUpdateFailed'),
              })}
            </Text>
            <Group gap="xs">
              {state.reading.refusal?.code === 'readingLowerConfirm' && (
                <Button
                  size="xs"
                  onClick={() => onDecide(state.reading.key, { ...entered, overrideConfirmation: true })}
                >
                  {t('readRoute.sendAnyway')}
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => onDecide(state.reading.key, null)}>
                {t('readRoute.discard')}
              </Button>
            </Group>
          </Stack>
        )}
        <ReadingForm stop={stop} onEnter={onEnter} />
      </Stack>
    </Card>
  );
}
