import { Table, Text } from '@mantine/core';
import type { PublicStatement, StatementMeter } from '@portal/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { PropertyTime } from '../../../ui/PropertyTime';
import { unitAmount } from '../unitAmount';
import { StatementSection, StatementTable } from './StatementTable';

/** The stay's meters: opening and closing readings, when read last, usage, and what broke a series. */
export function MetersTable({ statement: s }: { statement: PublicStatement }) {
  const { t, i18n } = useTranslation();
  const reading = (value: string | null, unit: StatementMeter['unit']) => unitAmount(t, i18n.language, value, unit);
  return (
    <StatementSection id="statement-meters" title={t('billing.statement.meters.title')}>
      {s.meters.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('billing.statement.meters.none')}
        </Text>
      ) : (
        <StatementTable
          caption={t('billing.statement.meters.caption')}
          columns={[
            { label: t('billing.statement.meters.meter') },
            { label: t('billing.statement.meters.opening'), figure: true },
            { label: t('billing.statement.meters.closing'), figure: true },
            { label: t('billing.statement.meters.closingAt') },
            { label: t('billing.statement.meters.usage'), figure: true },
          ]}
        >
          {s.meters.map((m) => (
            <Fragment key={m.servicePointID}>
              <Table.Tr>
                <Table.Th scope="row" fw={500}>
                  {m.meterName}
                </Table.Th>
                <Table.Td ta="right" data-label={t('billing.statement.meters.opening')}>
                  {reading(m.openingReading, m.unit)}
                </Table.Td>
                <Table.Td ta="right" data-label={t('billing.statement.meters.closing')}>
                  {reading(m.closingReading, m.unit)}
                </Table.Td>
                <Table.Td data-label={t('billing.statement.meters.closingAt')}>
                  {m.closingReadingAt ? <PropertyTime iso={m.closingReadingAt} timeZone={s.timeZone} /> : '—'}
                </Table.Td>
                <Table.Td ta="right" fw={600} data-figure>
                  {reading(m.usage, m.unit)}
                </Table.Td>
              </Table.Tr>
              {m.events.map((e) => (
                <Table.Tr key={`${e.at} ${e.kind}`} data-meter-event={e.kind}>
                  <Table.Td colSpan={5}>
                    <Text size="sm" pl="md">
                      <PropertyTime iso={e.at} timeZone={s.timeZone} /> ·{' '}
                      {t(`billing.statement.meters.event.${e.kind}`, {
                        meter: m.meterName,
                        reading: reading(e.reading, m.unit),
                        previous: reading(e.previous, m.unit),
                      })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </StatementTable>
      )}
    </StatementSection>
  );
}
