import { Anchor, Group, Text } from '@mantine/core';
import { PRODUCT_VERSION } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Privacy, legal and contact links, and the product version. */
export function Footer({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <footer className={className}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('common.appName')} · {t('common.version', { version: PRODUCT_VERSION })}
        </Text>
        <Group component="nav" aria-label={t('footer.links')} gap="md">
          <Anchor component={Link} to="/terms#privacy" size="xs">
            {t('footer.privacy')}
          </Anchor>
          <Anchor component={Link} to="/terms#legal" size="xs">
            {t('footer.legal')}
          </Anchor>
          <Anchor component={Link} to="/terms#contact" size="xs">
            {t('footer.contact')}
          </Anchor>
        </Group>
      </Group>
    </footer>
  );
}
