import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Copy = 'idle' | 'copied' | 'failed';

/** What is shown once: an API key or a webhook's signing secret, in its own words. */
export type ShownOnceTexts = {
  /** The server's message: what was made, and that it is shown this once. */
  notice: string;
  /** The read-only field's label. */
  label: string;
  /** Said once it is on the clipboard. */
  copied: string;
  /** Said when the browser gives no clipboard: it is selected, to copy by hand. */
  copyFailed: string;
};

/**
 * A secret, this once: read-only, in monospace, with Copy (the clipboard, or a word to copy it
 * by hand where the browser gives none), and what to do with it (`children`). Closing leaves
 * nothing of it on the page.
 */
export function ShownOnce({
  value,
  texts,
  onDone,
  children,
}: {
  value: string;
  texts: ShownOnceTexts;
  onDone: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<Copy>('idle');

  const copyValue = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
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
        {texts.notice}
      </Alert>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          ref={input}
          label={texts.label}
          value={value}
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
          onClick={() => void copyValue()}
        >
          {copy === 'copied' ? t('integrations.created.copied') : t('integrations.created.copy')}
        </Button>
      </Group>
      <Text size="sm" role="status" aria-live="polite" c={copy === 'failed' ? 'red' : undefined}>
        {copy === 'copied' && texts.copied}
        {copy === 'failed' && texts.copyFailed}
      </Text>
      {children}
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('integrations.created.done')}</Button>
      </Group>
    </Stack>
  );
}
