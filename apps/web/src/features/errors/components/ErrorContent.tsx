import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../ui/usePageTitle';
import { type ErrorVariant, errorVariants } from '../errorVariants';
import { ErrorPicture } from './ErrorPicture';

/** The wording and picture of one error page, with a way back home. */
export function ErrorContent({ variant }: { variant: ErrorVariant }) {
  const { t } = useTranslation();
  const { title, text } = errorVariants[variant];
  usePageTitle(t(title));
  return (
    <Stack align="center" ta="center" gap="md" py="xl" px="md">
      <ErrorPicture variant={variant} />
      <Title order={1}>{t(title)}</Title>
      <Text size="lg" c="dimmed" maw={520}>
        {t(text)}
      </Text>
      <Button component={Link} to="/" variant="light">
        {t('common.backToHome')}
      </Button>
    </Stack>
  );
}
