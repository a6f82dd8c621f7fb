import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type MeterLookupForm, meterLookupForm } from '@portal/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { fieldMessage } from '../../i18n/messages';
import { PageTitle } from '../../ui/PageTitle';

/** /meterreadings: anyone can look up a meter by its number; `?meter=` pre-fills the number. */
export function MeterReadingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MeterLookupForm>({
    resolver: zodResolver(meterLookupForm),
    defaultValues: { meter: params.get('meter') ?? '' },
  });

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{t('meterPage.title')}</PageTitle>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={handleSubmit(({ meter }) => setParams({ meter }))} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('meterPage.meterNumber')}
              autoComplete="off"
              inputMode="numeric"
              style={{ flex: 1, minWidth: 180 }}
              {...register('meter')}
              error={fieldMessage(t, errors.meter?.message)}
            />
            <Button type="submit" mt={25}>
              {t('meterPage.check')}
            </Button>
          </Group>
        </form>
        <Text size="sm" c="dimmed" mt="sm">
          {t('meterPage.note')}
        </Text>
      </Paper>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('meterPage.hint')}
      </Alert>
      <Anchor component={Link} to="/auth/login" size="sm">
        {t('meterPage.signIn')}
      </Anchor>
    </Stack>
  );
}
