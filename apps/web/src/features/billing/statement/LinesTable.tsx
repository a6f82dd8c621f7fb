import { Table, Text } from '@mantine/core';
import type { PublicStatement } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/decimals';
import { lineDescription, lineQuantity, lineUnitPrice } from './lineText';
import { StatementSection, StatementTable } from './StatementTable';

/** The statement's lines (description, quantity, unit price, amount) and its totals. */
export function LinesTable({ statement: s }: { statement: PublicStatement }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (text: string) => formatMoney(text, s.currency, language);
  return (
    <StatementSection
      id="statement-lines"
      title={t('billing.statement.lines.title')}
      aside={
        <Text size="sm" c="dimmed">
          {t('billing.statement.lines.currency', { currency: s.currency })}
        </Text>
      }
    >
      <StatementTable
        caption={t('billing.statement.lines.caption')}
        columns={[
          { label: t('billing.statement.lines.description') },
          { label: t('billing.statement.lines.quantity'), figure: true },
          { label: t('billing.statement.lines.unitPrice'), figure: true },
          { label: t('billing.statement.lines.amount'), figure: true },
        ]}
        foot={
          <>
            <TotalRow label={t('billing.statement.subtotal')} amount={money(s.subtotal)} />
            <TotalRow label={t('billing.statement.taxTotal')} amount={money(s.taxTotal)} />
            <TotalRow label={t('billing.statement.total')} amount={money(s.total)} strong />
          </>
        }
      >
        {s.lines.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text c="dimmed" size="sm">
                {t('billing.statement.lines.none')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {s.lines.map((line, i) => {
          const { text, note } = lineDescription(t, line, language);
          return (
            <Table.Tr key={i} data-line-kind={line.kind}>
              <Table.Td>
                {text}
                {note && (
                  <>
                    {' '}
                    <Text span size="xs" c="dimmed">
                      ({note})
                    </Text>
                  </>
                )}
              </Table.Td>
              <Table.Td ta="right" data-label={t('billing.statement.lines.quantity')}>
                {lineQuantity(t, line, s.currency, language)}
              </Table.Td>
              <Table.Td ta="right" data-label={t('billing.statement.lines.unitPrice')}>
                {lineUnitPrice(t, line, s.currency, language)}
              </Table.Td>
              <Table.Td ta="right" data-figure>
                {money(line.amount)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </StatementTable>
    </StatementSection>
  );
}

function TotalRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" colSpan={3} ta="right" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 500} fz={strong ? 'lg' : undefined} data-figure>
        {amount}
      </Table.Td>
    </Table.Tr>
  );
}
