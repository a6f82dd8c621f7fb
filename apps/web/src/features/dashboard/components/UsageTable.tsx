import { Table, VisuallyHidden } from '@mantine/core';
import type { SiteUsageSeries } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { usageDayFormats } from '../usageDays';

/** The chart's text alternative: its days and values as a table, for screen readers. */
export function UsageTable({ series }: { series: SiteUsageSeries }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const dates = usageDayFormats(i18n.language);
  return (
    <VisuallyHidden>
      <Table>
        <caption>{t('dashboard.usage.tableCaption', { name: series.siteName })}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('dashboard.usage.date')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.usage.kwhColumn')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.usage.gallonsColumn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {series.days.map((d) => (
            <Table.Tr key={d.day}>
              <Table.Th scope="row">{dates.full(d.day)}</Table.Th>
              <Table.Td>{number.format(d.kwh)}</Table.Td>
              <Table.Td>{number.format(d.gallons)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}
