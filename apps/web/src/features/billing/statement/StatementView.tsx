import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PublicStatement, StatementMeter } from '@portal/contract';
import { IconRefresh } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PropertyTime, propertyTimeText } from '../../../ui/PropertyTime';
import { formatDecimal, formatMoney } from '../../../lib/decimals';
import { Fact } from '../../../ui/Fact';
import { lineDescription, lineQuantity, lineUnitPrice } from './lineText';
import { RevisionNotice } from './RevisionNotice';
import classes from './Statement.module.css';

/**
 * A stay's statement as the staff and the guest both see it: a revision's date, reason and
 * changes, and readings under review, when so; the stay, its meters with their readings and
 * what broke their series, its lines and totals. `facts` adds to the stay's facts (the staff's
 * guest name).
 */
export function StatementView({ statement, facts }: { statement: PublicStatement; facts?: ReactNode }) {
  return (
    <Stack gap="md">
      <RevisionNotice statement={statement} />
      <StayFacts statement={statement}>{facts}</StayFacts>
      <MetersTable statement={statement} />
      <LinesTable statement={statement} />
    </Stack>
  );
}

/** "Running" while the stay is open, "Final" once checked out. */
export function StatementBadge({ status }: { status: PublicStatement['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'open' ? 'blue' : 'green'} variant="light" size="lg">
      {t(`billing.statement.status.${status}`)}
    </Badge>
  );
}

function StayFacts({ statement: s, children }: { statement: PublicStatement; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const open = s.status === 'open';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-stay">
      <Title order={2} size="h4" mb="sm" id="statement-stay">
        {t('billing.statement.stay')}
      </Title>
      {open && (
        <Alert variant="light" color="blue" icon={<IconRefresh size={18} aria-hidden />} mb="sm">
          {t('billing.statement.running', {
            time: propertyTimeText(s.asOf, s.timeZone, i18n.language),
          })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="dl" m={0}>
        <Fact label={t('billing.statement.property')}>{s.propertyName}</Fact>
        <Fact label={t('billing.statement.location')}>
          {t('billing.statement.locationName', { name: s.locationName, publicName: s.locationPublicName })}
        </Fact>
        {children}
        <Fact label={t('billing.statement.checkIn')}>
          <PropertyTime iso={s.checkInAt} timeZone={s.timeZone} />
        </Fact>
        <Fact label={t('billing.statement.checkOut')}>
          {s.checkOutAt ? (
            <PropertyTime iso={s.checkOutAt} timeZone={s.timeZone} />
          ) : (
            t('billing.statement.stillCheckedIn')
          )}
        </Fact>
        {open && (
          <Fact label={t('billing.statement.asOf')}>
            <PropertyTime iso={s.asOf} timeZone={s.timeZone} />
          </Fact>
        )}
        <Fact label={t('billing.statement.nights')}>{formatDecimal(String(s.nights), i18n.language)}</Fact>
      </SimpleGrid>
      <Text size="sm" mt="sm">
        {tariffText(t, s, i18n.language)} {t('billing.statement.tariffRule')}
      </Text>
    </Paper>
  );
}

/** The tariff version that priced the stay, by the property's number for it; its moment unless it is the first. */
function tariffText(t: TFunction, s: PublicStatement, language: string): string {
  if (s.tariffVersionNumber === null || s.tariffEffectiveFrom === null) return t('billing.statement.noTariff');
  if (s.tariffSinceCreation) return t('billing.statement.tariffSinceCreation', { number: s.tariffVersionNumber });
  return t('billing.statement.tariff', {
    number: s.tariffVersionNumber,
    from: propertyTimeText(s.tariffEffectiveFrom, s.timeZone, language),
  });
}

function MetersTable({ statement: s }: { statement: PublicStatement }) {
  const { t, i18n } = useTranslation();
  const reading = (value: string | null, unit: StatementMeter['unit']) =>
    value === null ? '—' : t(`billing.unit.${unit}`, { value: formatDecimal(value, i18n.language) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-meters">
      <Title order={2} size="h4" mb="sm" id="statement-meters">
        {t('billing.statement.meters.title')}
      </Title>
      {s.meters.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('billing.statement.meters.none')}
        </Text>
      ) : (
        <div className={classes.fit}>
          <Table striped withTableBorder verticalSpacing={4} className={classes.stacked}>
            <Table.Caption>{t('billing.statement.meters.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('billing.statement.meters.meter')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('billing.statement.meters.opening')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('billing.statement.meters.closing')}
                </Table.Th>
                <Table.Th scope="col">{t('billing.statement.meters.closingAt')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('billing.statement.meters.usage')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}

function LinesTable({ statement: s }: { statement: PublicStatement }) {
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
