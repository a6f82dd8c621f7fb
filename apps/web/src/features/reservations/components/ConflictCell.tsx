import { Group, Stack, Text } from '@mantine/core';
import { isMessageCode } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { conflictHint } from '../reservations';

/** A conflict's code in words: its catalogue text (the code itself when the catalogue has none). */
export function useConflictText() {
  const { t } = useTranslation();
  return useCallback((code: string) => (isMessageCode(code) ? t(`msg.${code}`) : code), [t]);
}

/** Why the portal could not do what the reservation asks, highlighted, and what staff can do about it. */
export function ConflictCell({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const conflictText = useConflictText();
  if (code === null) return <>—</>;
  return (
    <Stack gap={2} maw={320}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <IconAlertTriangle size={16} color="var(--mantine-color-red-filled)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600} c="red.9">
          {conflictText(code)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t(`reservations.hints.${conflictHint(code)}`)} {t('reservations.retrying')}
      </Text>
    </Stack>
  );
}
