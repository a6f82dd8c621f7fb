import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A term and its description, in a `<dl>`: a fact of a stay, a tariff version or a meter. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}
