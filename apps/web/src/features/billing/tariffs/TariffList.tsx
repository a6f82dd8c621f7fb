import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TariffVersion } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { propertyTimeText } from '../../../ui/PropertyTime';
import { formatDecimal, formatMoney } from '../../../lib/decimals';
import { Fact } from '../../../ui/Fact';

type Standing = 'scheduled' | 'current' | 'past';

/** Newest first: those from a later moment are scheduled, the first one begun is in effect, older ones are past. */
function standings(versions: readonly TariffVersion[], now: Date): Standing[] {
  const current = versions.findIndex((v) => new Date(v.effectiveFrom) <= now);
  return versions.map((_, i) => (current === -1 || i < current ? 'scheduled' : i === current ? 'current' : 'past'));
}

const standingColor: Record<Standing, string> = { scheduled: 'blue', current: 'green', past: 'gray' };

/** A property's tariff versions, newest first: their number, from when, their prices, and who made them. */
export function TariffList({ versions, timeZone }: { versions: readonly TariffVersion[]; timeZone: string }) {
  const { t } = useTranslation();
  const standing = standings(versions, new Date());
  if (versions.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('billing.tariffs.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('billing.tariffs.list')}>
      {versions.map((v, i) => (
        <li key={v.tariffVersionID}>
          <VersionCard version={v} timeZone={timeZone} standing={standing[i]!} />
        </li>
      ))}
    </Stack>
  );
}

function VersionCard({
  version: v,
  timeZone,
  standing,
}: {
  version: TariffVersion;
  timeZone: string;
  standing: Standing;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (text: string) => formatMoney(text, v.currency, language);
  const kwh = (text: string) => formatDecimal(text, language);
  const headingId = `tariff-${v.tariffVersionID}`;
  const none = t('billing.tariffs.none');
  const blocks = v.electricBlocks.map((b, i) =>
    t('billing.tariffs.block', {
      from: kwh(i === 0 ? '0' : v.electricBlocks[i - 1]!.upToKwh),
      upTo: kwh(b.upToKwh),
      rate: money(b.rate),
    }),
  );
  if (blocks.length) {
    blocks.push(
      t('billing.tariffs.beyond', { from: kwh(v.electricBlocks.at(-1)!.upToKwh), rate: money(v.electricRate) }),
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h5" id={headingId}>
          {v.sinceCreation
            ? t('billing.tariffs.versionSinceCreation', { number: v.versionNumber })
            : t('billing.tariffs.versionFrom', {
                number: v.versionNumber,
                date: propertyTimeText(v.effectiveFrom, timeZone, language),
              })}
        </Title>
        <Badge color={standingColor[standing]} variant="light">
          {t(`billing.tariffs.standing.${standing}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
        <Fact label={t('billing.tariffs.electricRate')}>
          {t('billing.tariffs.perKwh', { price: money(v.electricRate) })}
        </Fact>
        <Fact label={t('billing.tariffs.waterRate')}>
          {t('billing.tariffs.perGallon', { price: money(v.waterRate) })}
        </Fact>
        <Fact label={t('billing.tariffs.blocks')}>{blocks.length ? <Lines items={blocks} /> : none}</Fact>
        <Fact label={t('billing.tariffs.fees')}>
          {v.fees.length ? (
            <Lines items={v.fees.map((f) => `${f.name}: ${money(f.amount)} ${t(`billing.per.${f.per}`)}`)} />
          ) : (
            none
          )}
        </Fact>
        <Fact label={t('billing.tariffs.minimumCharge')}>
          {v.minimumCharge === null ? none : money(v.minimumCharge)}
        </Fact>
        <Fact label={t('billing.tariffs.taxes')}>
          {v.taxes.length ? (
            <Lines
              items={v.taxes.map(
                (tax) =>
                  `${tax.name}: ${t('billing.percent', { value: formatDecimal(tax.percent, language) })} ${t(`billing.appliesTo.${tax.appliesTo}`)}`,
              )}
            />
          ) : (
            none
          )}
        </Fact>
        <Fact label={t('billing.tariffs.currency')}>{v.currency}</Fact>
        <Fact label={t('billing.tariffs.madeBy')}>
          {t('billing.tariffs.madeByAt', {
            name: v.createdBy ?? t('billing.tariffs.fromSettings'),
            date: propertyTimeText(v.createdAt, timeZone, language),
          })}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}

function Lines({ items }: { items: string[] }) {
  return (
    <List size="sm" spacing={0} listStyleType="none" p={0}>
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
