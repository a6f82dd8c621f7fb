import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { isRouteHandle } from '../routeHandle';

/** Where the user is: Home › the current page. */
export function Subheader({ className }: { className?: string }) {
  const { t } = useTranslation();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  return (
    <nav className={className} aria-label={t('nav.breadcrumbs')}>
      <Breadcrumbs px="md" py={6}>
        <Anchor component={Link} to="/" size="sm">
          {t('nav.home')}
        </Anchor>
        {handle && (
          <Text size="sm" aria-current="page">
            {t(handle.title)}
          </Text>
        )}
      </Breadcrumbs>
    </nav>
  );
}
