import { Title } from '@mantine/core';
import { usePageTitle } from './usePageTitle';

/** The page's heading, also used as the browser tab's title. */
export function PageTitle({ children }: { children: string }) {
  usePageTitle(children);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
