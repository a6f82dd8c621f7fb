import { SimpleGrid } from '@mantine/core';
import { RateFields } from '../SettingFields';

/** The Rates section of the property form. */
export function RatesSection() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <RateFields />
    </SimpleGrid>
  );
}
