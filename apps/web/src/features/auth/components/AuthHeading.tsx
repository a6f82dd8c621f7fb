import { Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../ui/usePageTitle';

/** A sign-in page's heading, which also names the browser tab, and what the page is for. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  usePageTitle(title);
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </div>
  );
}
