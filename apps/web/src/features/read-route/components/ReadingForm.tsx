import { Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { readingProblem, type ReadRouteStop } from '@portal/contract';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareDecimals, formatDecimal } from '../../../lib/decimals';
import { useConfirm } from '../../../ui/confirmContext';
import { photoToSend } from '../photo';
import type { ReadingBody } from '../queue';

type Props = { stop: ReadRouteStop; onEnter: (body: ReadingBody) => Promise<void> };

/**
 * The reading of one meter: a large numeric field, an optional photo of its face, and a warning
 * before a value below the last reading (a reset, a replaced meter, a rollover?) or far above
 * the range its use leads to expect; or, unread, an estimate from its daily average, marked so.
 * The time is the phone's when Save is pressed.
 */
export function ReadingForm({ stop, onEnter }: Props) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const [value, setValue] = useState('');
  const [photo, setPhoto] = useState<{ name: string; base64: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const water = stop.unit === 'gal';
  const reading = value.trim();
  const problem = reading === '' ? null : readingProblem(reading, water);
  const number = (text: string) => `${formatDecimal(text, i18n.language)} ${stop.unit}`;

  const choosePhoto = async (file: File | null) => {
    setPhotoError(null);
    if (!file) return setPhoto(null);
    const base64 = await photoToSend(file);
    if (base64 === null) setPhotoError(t('msg.photoTooLarge'));
    setPhoto(base64 === null ? null : { name: file.name, base64 });
  };

  /** Sends a value read now (or estimated), busy meanwhile. */
  const enter = async (value: string, extra: Partial<ReadingBody>) => {
    setBusy(true);
    try {
      await onEnter({
        servicePointID: stop.servicePointID,
        reset: false,
        ...(water ? { totalGallons: value } : { kwHTotal: value }),
        at: new Date().toISOString(),
        ...extra,
      });
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const below = stop.lastReading !== null && compareDecimals(reading, stop.lastReading) < 0;
    const above = stop.expectedMax !== null && compareDecimals(reading, stop.expectedMax) > 0;
    if (below) {
      const ok = await confirm({
        title: t('readRoute.belowTitle'),
        message: t('readRoute.belowMessage', { reading: number(reading), last: number(stop.lastReading ?? '0') }),
      });
      if (!ok) return;
    } else if (above) {
      const ok = await confirm({
        title: t('readRoute.aboveTitle'),
        message: t('readRoute.aboveMessage', { reading: number(reading), max: number(stop.expectedMax ?? '0') }),
      });
      if (!ok) return;
    }
    await enter(reading, { overrideConfirmation: below, ...(photo ? { photo: photo.base64 } : {}) });
    setValue('');
    setPhoto(null);
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      <Stack gap="xs">
        <TextInput
          label={t('readRoute.readingLabel', { unit: stop.unit })}
          size="lg"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={problem ? t(`msg.${problem}`) : null}
        />
        <Group gap="xs" wrap="nowrap">
          <FileButton onChange={(file) => void choosePhoto(file)} accept="image/jpeg,image/png" capture="environment">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconCamera size={16} aria-hidden />}>
                {t('readRoute.photo')}
              </Button>
            )}
          </FileButton>
          <Button type="submit" flex={1} loading={busy} disabled={reading === '' || problem !== null}>
            {t('readRoute.save')}
          </Button>
        </Group>
        {stop.estimate !== null && (
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={busy}
            onClick={() => void enter(stop.estimate!, { estimated: true })}
          >
            {t('readRoute.estimate', { reading: number(stop.estimate) })}
          </Button>
        )}
        {photo && <Text size="sm">{t('readRoute.photoChosen', { name: photo.name })}</Text>}
        {photoError && (
          <Text size="sm" c="red" role="alert">
            {photoError}
          </Text>
        )}
      </Stack>
    </form>
  );
}
