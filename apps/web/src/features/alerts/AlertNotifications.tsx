import { Alert, Button, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  ALERT_TYPE_SEVERITIES,
  DEFAULT_DELIVERY,
  DELIVERIES,
  type Delivery,
  type NotificationPreference,
  Permission,
  hasPermission,
} from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/messages';
import { useRole } from '../../lib/session/useRole';
import { toast } from '../../ui/toast';
import { ScrollTable } from '../../ui/ScrollTable';
import { SeverityBadge } from './components/SeverityBadge';
import { useNotificationPreferences, useSaveNotificationPreferences } from './preferenceHooks';

type Choices = Record<string, Delivery>;
const keyOf = ({ type, severity }: Pick<NotificationPreference, 'type' | 'severity'>) => `${type}.${severity}`;

/** Every row's choice: the stored one, else the default of its severity. */
function choicesOf(stored: readonly NotificationPreference[]): Choices {
  const byKey = new Map(stored.map((p) => [keyOf(p), p.delivery]));
  return Object.fromEntries(
    ALERT_TYPE_SEVERITIES.map((row) => [keyOf(row), byKey.get(keyOf(row)) ?? DEFAULT_DELIVERY[row.severity]]),
  );
}

/** Profile › Alert notifications, for the roles that see properties' alerts. */
export function AlertNotifications() {
  const role = useRole();
  if (!(hasPermission(role, Permission.AdminPanel) || hasPermission(role, Permission.ManageProperties))) return null;
  return <PreferencesForm />;
}

/** One row per alert type and severity, each with how it is delivered: e-mail now, the daily digest, or not at all. */
function PreferencesForm() {
  const { t } = useTranslation();
  const stored = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<Choices | null>(null);
  const saved = stored.data ? choicesOf(stored.data.preferences) : null;
  const choices = draft ?? saved;
  const dirty = !!draft && !!saved && Object.keys(draft).some((key) => draft[key] !== saved[key]);

  const submit = () => {
    if (!choices) return;
    save.mutate(
      ALERT_TYPE_SEVERITIES.map((row) => ({ ...row, delivery: choices[keyOf(row)] ?? DEFAULT_DELIVERY[row.severity] })),
      {
        onSuccess: () => {
          setDraft(null);
          toast.success(t('alerts.preferences.saved'));
        },
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      id="alert-notifications"
      component="section"
      aria-labelledby="alert-notifications-title"
    >
      <Title order={2} size="h4" mb={4} id="alert-notifications-title">
        {t('alerts.preferences.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('alerts.preferences.intro')}
      </Text>
      {stored.isPending ? (
        <Skeleton height={200} role="status" aria-label={t('common.loading')} />
      ) : stored.isError || !choices ? (
        <Alert color="red" role="alert">
          {t('alerts.preferences.loadFailed')} {errorMessage(t, stored.error)}
        </Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="sm">
            <ScrollTable
              minWidth={420}
              verticalSpacing={4}
              aria-labelledby="alert-notifications-title"
              columns={[
                { label: t('alerts.preferences.type') },
                { label: t('alerts.preferences.severity') },
                { label: t('alerts.preferences.delivery') },
              ]}
            >
              {ALERT_TYPE_SEVERITIES.map((row) => {
                const key = keyOf(row);
                const type = t(`alerts.types.${row.type}`);
                return (
                  <Table.Tr key={key}>
                    <Table.Td>{type}</Table.Td>
                    <Table.Td>
                      <SeverityBadge severity={row.severity} />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        size="xs"
                        w={180}
                        aria-label={t('alerts.preferences.deliveryOf', {
                          type,
                          severity: t(`alerts.severities.${row.severity}`),
                        })}
                        value={choices[key]}
                        onChange={(e) => setDraft({ ...choices, [key]: e.currentTarget.value as Delivery })}
                        data={DELIVERIES.map((d) => ({ value: d, label: t(`alerts.preferences.deliveries.${d}`) }))}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </ScrollTable>
            <Group gap="sm">
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                {t('alerts.preferences.save')}
              </Button>
              <Text size="sm" c={dirty ? 'orange' : 'dimmed'} role="status">
                {dirty ? t('alerts.preferences.unsaved') : ''}
              </Text>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
