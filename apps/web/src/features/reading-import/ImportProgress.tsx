import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What an import waits for: its file sent, then its rows checked (a preview) or stored, and how far it got (0 to 1). */
export type Working = { stage: 'upload' | 'check' | 'store'; share: number };

const SAID = { upload: 'uploading', check: 'checking', store: 'storing' } as const;

/**
 * The bar of an import under way. Its words, read out as they change, move by tenths, so that a
 * screen reader is told where it is without hearing every percent.
 */
export function ImportProgress({ stage, share }: Working) {
  const { t, i18n } = useTranslation();
  const said = t(`readingImport.${SAID[stage]}`);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(Math.floor(share * 10) / 10);
  return (
    <Stack gap="xs">
      <Text role="status" aria-live="polite">
        {t('readingImport.progress', { stage: said, percent })}
      </Text>
      <Progress value={share * 100} aria-label={said} />
    </Stack>
  );
}
