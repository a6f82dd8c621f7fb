import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The welcome blurb: access to energy at convenient locations. */
export function WelcomePanel({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <section className={className} aria-labelledby="welcome-title">
      <Group gap={6}>
        <IconBolt size={30} aria-hidden />
        <Text fw={700} size="lg">
          {t('common.appName')}
        </Text>
      </Group>
      <Stack gap="sm" maw={460}>
        <Title id="welcome-title" order={2} c="white">
          {t('auth.welcomeTitle')}
        </Title>
        <Text size="lg" c="white">
          {t('auth.welcomeText')}
        </Text>
      </Stack>
      <Anchor component={Link} to="/terms" c="white" size="sm" underline="always">
        {t('auth.terms')}
      </Anchor>
    </section>
  );
}
