import { Alert, Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PublicStatement, StatementMeter } from '@portal/contract';
import { IconRefresh } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PropertyTime, propertyTimeText } from '../../../ui/PropertyTime';
import { formatDecimal } from '../../../lib/decimals';
import { Fact } from '../../../ui/Fact';
import { RevisionNotice } from './RevisionNotice';
import { LinesTable } from './LinesTable';
import { MetersTable } from './MetersTable';

/**
 * A stay's statement as the staff and the guest both see it: a revision's date, reason and
 * changes, and readings under review, when so; the stay, its meters with their readings and
 * what broke their series, its lines and totals. `facts` adds to the stay's facts (the staff's
 * guest name), `closingAction` to a meter's closing reading (the staff's replacing of an estimate).
 */
export function StatementView({
  statement,
  facts,
  closingAction,
}: {
  statement: PublicStatement;
  facts?: ReactNode;
  closingAction?: (meter: StatementMeter) => ReactNode;
}) {
  return (
    <Stack gap="md">
      <RevisionNotice statement={statement} />
      <StayFacts statement={statement}>{facts}</StayFacts>
      <MetersTable statement={statement} closingAction={closingAction} />
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
