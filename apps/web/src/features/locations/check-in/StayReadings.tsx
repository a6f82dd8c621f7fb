import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { readingProblem, type StayReadingInput } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/decimals';

/** A meter a check-in or check-out asks the reading of: read by hand, or networked but silent. */
export type MeterToRead = {
  servicePointID: number;
  name: string;
  unit: string;
  /** Check-out cannot go on without its reading (one read by hand); a silent one may close at its last. */
  required: boolean;
  /** The proposal of an estimate from its daily average; null without history. */
  estimate: number | null;
};

export type TakenReadings = Record<number, { reading: string; estimated: boolean }>;

/** The readings to send: those typed or estimated, as the server takes them. */
export const readingsToSend = (taken: TakenReadings): StayReadingInput[] =>
  Object.entries(taken)
    .filter(([, r]) => r.reading.trim() !== '')
    .map(([id, r]) => ({ servicePointID: Number(id), reading: r.reading.trim(), estimated: r.estimated }));

/** Every reading typed is one its meter can read, and every meter that must be read is. */
export const readingsComplete = (meters: MeterToRead[], taken: TakenReadings) =>
  meters.every((m) => {
    const r = taken[m.servicePointID]?.reading.trim() ?? '';
    return r === '' ? !m.required : readingProblem(r, m.unit === 'gal') === null;
  });

/**
 * The readings a check-in or check-out takes of meters read by hand or gone silent: each typed
 * off the meter, or the estimate from its daily average (then marked "Estimated" until typed over).
 */
export function StayReadings({
  meters,
  taken,
  onChange,
}: {
  meters: MeterToRead[];
  taken: TakenReadings;
  onChange: (next: TakenReadings) => void;
}) {
  const { t, i18n } = useTranslation();
  if (!meters.length) return null;
  const set = (id: number, reading: string, estimated: boolean) => onChange({ ...taken, [id]: { reading, estimated } });
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Title order={3} size="h5" component="legend">
        {t('checkIn.readingsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('checkIn.readingsIntro')}
      </Text>
      {meters.map((m) => {
        const own = taken[m.servicePointID] ?? { reading: '', estimated: false };
        const problem = own.reading.trim() === '' ? null : readingProblem(own.reading, m.unit === 'gal');
        const estimate = m.estimate === null ? null : String(m.estimate);
        return (
          <Stack key={m.servicePointID} gap={4}>
            <TextInput
              label={t('checkIn.readingOf', { meter: m.name, unit: m.unit })}
              inputMode={m.unit === 'gal' ? 'numeric' : 'decimal'}
              autoComplete="off"
              required={m.required}
              value={own.reading}
              onChange={(e) => set(m.servicePointID, e.currentTarget.value, false)}
              error={problem ? t(`msg.${problem}`) : undefined}
              rightSection={own.estimated ? <Badge color="orange">{t('checkIn.estimatedReading')}</Badge> : null}
              rightSectionWidth={own.estimated ? 96 : undefined}
            />
            {estimate !== null && (
              <Group>
                <Button variant="subtle" size="compact-sm" onClick={() => set(m.servicePointID, estimate, true)}>
                  {t('checkIn.useEstimate', { reading: `${formatDecimal(estimate, i18n.language)} ${m.unit}` })}
                </Button>
              </Group>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
