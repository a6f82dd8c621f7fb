import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/usePageTitle';

/** /CheckIn-Checkout: 'Coming Soon!'. */
export function CheckInOutPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.checkInOut.title'));
  return (
    <Stack align="center" ta="center" py="xl" gap="sm">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <IconClockHour4 size={36} />
      </ThemeIcon>
      <Title order={1}>{t('msg.comingSoon')}</Title>
      <Text c="dimmed">{t('comingSoon.text')}</Text>
    </Stack>
  );
}
