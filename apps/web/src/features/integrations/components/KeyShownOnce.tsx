import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/messages';
import type { ServerMessage } from '../../../lib/envelope';

type Copy = 'idle' | 'copied' | 'failed';

/**
 * The new key, this once: read-only, in monospace, with Copy (the clipboard, or a word to copy
 * it by hand where the browser gives none). Closing leaves only its prefix in the list.
 */
export function KeyShownOnce({
  apiKey,
  message,
  onDone,
}: {
  apiKey: string;
  message: ServerMessage | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<Copy>('idle');

  const copyKey = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(apiKey);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        title={t('integrations.created.once')}
        icon={<IconAlertTriangle size={18} aria-hidden />}
        // the title in the text's colour: yellow on its own tint is too faint to read (WCAG AA)
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {serverText(t, message, 'apiKeyCreated')}
      </Alert>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          ref={input}
          label={t('integrations.created.key')}
          value={apiKey}
          readOnly
          ff="monospace"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1 }}
          onFocus={(e) => e.currentTarget.select()}
          data-autofocus
        />
        <Button
          variant="light"
          leftSection={copy === 'copied' ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          onClick={() => void copyKey()}
        >
          {copy === 'copied' ? t('integrations.created.copied') : t('integrations.created.copy')}
        </Button>
      </Group>
      <Text size="sm" role="status" aria-live="polite" c={copy === 'failed' ? 'red' : undefined}>
        {copy === 'copied' && t('integrations.created.copiedText')}
        {copy === 'failed' && t('integrations.created.copyFailed')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('integrations.created.done')}</Button>
      </Group>
    </Stack>
  );
}
