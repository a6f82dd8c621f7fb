import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's mark and name, linking home. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to="/" aria-label={t('nav.home')}>
      <Group gap={6} wrap="nowrap">
        <IconBolt size={26} color="var(--mantine-color-blue-6)" aria-hidden />
        <Text fw={700} visibleFrom="xs">
          {t('common.appName')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
