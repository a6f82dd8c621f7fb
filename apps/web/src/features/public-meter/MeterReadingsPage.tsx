import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type MeterLookupResult, meterLookupForm } from '@portal/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/apiError';
import { inputProps } from '../../i18n/messages';
import { FailedAlert, NotFoundAlert } from '../../ui/LinkAlerts';
import { PageTitle } from '../../ui/PageTitle';
import { StatusBadge } from '../../ui/StatusBadge';
import { Fact } from '../../ui/Fact';
import { LocalTime } from './LocalTime';
import { useMeterLookup } from './hooks';
import { useIsMeterHost } from './useIsMeterHost';
import { useSchemaForm } from '../../lib/schemaForm';

/** /meterreadings: anyone can look up a meter by its number; `?meter=` pre-fills the number and runs the lookup. */
export function MeterReadingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const meter = (params.get('meter') ?? '').trim();
  const lookup = useMeterLookup(meter);
  const onMeterHost = useIsMeterHost().data === true;
  const form = useSchemaForm(meterLookupForm, { defaultValues: { meter } });
  const { handleSubmit, reset } = form;
  const input = inputProps(t, form);
  useEffect(() => reset({ meter }), [meter, reset]);

  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{t('meterPage.title')}</PageTitle>
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={handleSubmit(({ meter: next }) => {
            if (next === meter) void lookup.refetch();
            else setParams({ meter: next });
          })}
          noValidate
        >
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('meterPage.meterNumber')}
              autoComplete="off"
              style={{ flex: 1, minWidth: 180 }}
              {...input('meter')}
            />
            <Button type="submit" mt={25} loading={lookup.isFetching}>
              {t('meterPage.check')}
            </Button>
          </Group>
        </form>
        <Text size="sm" c="dimmed" mt="sm">
          {t('meterPage.note')}
        </Text>
      </Paper>
      {meter === '' ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('meterPage.hint')}
        </Alert>
      ) : lookup.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('publicMeter.loading')}</Text>
        </Group>
      ) : notFound ? (
        <NotFoundAlert title={t('msg.meterNotFound')}>{t('msg.meterNotFoundHint')}</NotFoundAlert>
      ) : lookup.error ? (
        <FailedAlert error={lookup.error} />
      ) : lookup.data ? (
        <MeterSummary data={lookup.data} />
      ) : null}
      {!onMeterHost && (
        <Anchor component={Link} to="/auth/login" size="sm">
          {t('meterPage.signIn')}
        </Anchor>
      )}
    </Stack>
  );
}

function MeterSummary({ data }: { data: MeterLookupResult }) {
  const { t } = useTranslation();
  const { location } = data;
  const normal = location.status === 'Normal';
  const statusWord = t(`publicMeter.statusWord.${location.status}` as 'publicMeter.statusWord.Normal', {
    defaultValue: location.status,
  });
  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="meter-summary">
        <Title order={2} size="h4" mb="sm" id="meter-summary">
          {t('publicMeter.summary')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
          <Fact label={t('publicMeter.location')}>
            {location.locationDescription} ({location.locationPublicName})
          </Fact>
          <Fact label={t('publicMeter.property')}>{data.propertyName}</Fact>
          <Fact label={t('publicMeter.status')}>
            <StatusBadge color={normal ? 'green' : 'red'} data-testid="meter-status">
              {statusWord}
            </StatusBadge>
          </Fact>
          <Fact label={t('publicMeter.dataAsOf')}>{data.dataAsOf ? <LocalTime iso={data.dataAsOf} /> : '-----'}</Fact>
          <Fact label={t('publicMeter.currentReading')}>
            {location.kwhTotal === null
              ? '-----'
              : `${location.kwhTotal.toLocaleString(undefined, { maximumFractionDigits: 3 })} ${data.unit}`}
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="meter-history">
        <Title order={2} size="h4" mb="sm" id="meter-history">
          {t('publicMeter.history')}
        </Title>
        {data.meterReadings.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('publicMeter.noReadings')}
          </Text>
        ) : (
          <Table striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('publicMeter.dateTime')}</Table.Th>
                <Table.Th ta="right">{t('publicMeter.reading')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.meterReadings.map((r) => (
                <Table.Tr key={r.readingDT}>
                  <Table.Td>
                    <LocalTime iso={r.readingDT} />
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {r.kwHTotalSeparated} {data.unit}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </>
  );
}
