import { Alert, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { isRoleId } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../auth';

/** Who is signed in: name, e-mail, username, role and business. */
export function AccountDetails() {
  const { t } = useTranslation();
  const { data: account, isPending, isError } = useMe();

  const rows = account
    ? [
        { label: t('profile.name'), value: `${account.firstName} ${account.lastName}`.trim() },
        { label: t('profile.email'), value: account.email },
        { label: t('profile.username'), value: account.username },
        { label: t('profile.role'), value: isRoleId(account.roleID) ? t(`roles.${account.roleID}`) : account.roleName },
        { label: t('profile.business'), value: account.busEntityName },
      ]
    : [];

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('profile.details')}
      </Title>
      {isPending && <Skeleton height={96} />}
      {isError && (
        <Alert color="red" variant="light">
          {t('profile.loadFailed')}
        </Alert>
      )}
      {account && (
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" m={0}>
          {rows.map((row) => (
            <div key={row.label}>
              <Text component="dt" size="xs" c="dimmed">
                {row.label}
              </Text>
              <Text component="dd" m={0}>
                {row.value || t('profile.none')}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
