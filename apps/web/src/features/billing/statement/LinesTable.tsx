import { Group, Paper, Table, Text, Title } from '@mantine/core';
import type { PublicStatement } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/decimals';
import { lineDescription, lineQuantity, lineUnitPrice } from './lineText';
import classes from './Statement.module.css';

/** The statement's lines (description, quantity, unit price, amount) and its totals. */
export function LinesTable({ statement: s }: { statement: PublicStatement }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (text: string) => formatMoney(text, s.currency, language);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-lines">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="statement-lines">
          {t('billing.statement.lines.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('billing.statement.lines.currency', { currency: s.currency })}
        </Text>
      </Group>
      <div className={classes.fit}>
        <Table striped withTableBorder verticalSpacing={4} className={classes.stacked}>
          <Table.Caption>{t('billing.statement.lines.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('billing.statement.lines.description')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('billing.statement.lines.quantity')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('billing.statement.lines.unitPrice')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('billing.statement.lines.amount')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
          </Table.Tbody>
          <Table.Tfoot>
            <TotalRow label={t('billing.statement.subtotal')} amount={money(s.subtotal)} />
            <TotalRow label={t('billing.statement.taxTotal')} amount={money(s.taxTotal)} />
            <TotalRow label={t('billing.statement.total')} amount={money(s.total)} strong />
          </Table.Tfoot>
        </Table>
      </div>
    </Paper>
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
