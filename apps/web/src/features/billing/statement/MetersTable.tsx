import { Badge, Stack, Table, Text } from '@mantine/core';
import type { PublicStatement, StatementMeter } from '@portal/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PropertyTime } from '../../../ui/PropertyTime';
import { unitAmount } from '../unitAmount';
import { StatementSection, StatementTable } from './StatementTable';

/**
 * The stay's meters: opening and closing readings (an estimated one marked "Estimated"), when
 * read last, usage, and what broke a series. `closingAction` adds to a meter's closing reading
 * (the staff's replacing of an estimate).
 */
export function MetersTable({
  statement: s,
  closingAction,
}: {
  statement: PublicStatement;
  closingAction?: (meter: StatementMeter) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const reading = (value: string | null, unit: StatementMeter['unit']) => unitAmount(t, i18n.language, value, unit);
  const estimated = (value: string | null, unit: StatementMeter['unit'], isEstimate: boolean) =>
    isEstimate ? (
      <Stack gap={2} align="flex-end">
        <span>{reading(value, unit)}</span>
        <Badge color="orange" variant="filled" data-estimated-reading>
          {t('billing.statement.estimated')}
        </Badge>
      </Stack>
    ) : (
      reading(value, unit)
    );
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
                  {estimated(m.openingReading, m.unit, m.openingEstimated)}
                </Table.Td>
                <Table.Td ta="right" data-label={t('billing.statement.meters.closing')}>
                  {estimated(m.closingReading, m.unit, m.closingEstimated)}
                  {closingAction?.(m)}
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
