import { Alert, Button, Center, Group, Loader, Paper, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import type { UserAccount } from '@portal/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { useMe } from '../auth';
import { UserModal } from './components/UserModal';
import { UsersTable } from './components/UsersTable';
import { useUserAccounts } from './hooks';
import { type Caller, userActionOf } from './userForm';

type Mode = { kind: 'add' } | { kind: 'edit' | 'view'; account: UserAccount };

/** Manage Users: the accounts the caller may see, and the Add/Edit User modal. */
export function UserListPage() {
  const { t } = useTranslation();
  const me = useMe();
  const users = useUserAccounts();
  const [mode, setMode] = useState<Mode | null>(null);

  const caller = useMemo<Caller | null>(
    () =>
      me.data
        ? { userAccountID: me.data.userAccountID, roleID: me.data.roleID, busEntityID: me.data.busEntityID }
        : null,
    [me.data],
  );
  const open = useCallback(
    (account: UserAccount) =>
      caller && setMode({ kind: userActionOf(caller, account) === 'manage' ? 'edit' : 'view', account }),
    [caller],
  );
  const close = useCallback(() => setMode(null), []);

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>{t('pages.users.title')}</PageTitle>
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setMode({ kind: 'add' })}
          disabled={!caller}
        >
          {t('users.createUser')}
        </Button>
      </Group>
      {users.isError || me.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('msg.usersLoadFailed')}
        </Alert>
      ) : users.isPending || !caller ? (
        <Center py="xl" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>{t('msg.usersLoading')}</Text>
          </Group>
        </Center>
      ) : users.data.length === 0 ? (
        <EmptyState title={t('pages.users.emptyTitle')} text={t('users.emptyText')} />
      ) : (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
          <UsersTable accounts={users.data} caller={caller} onOpen={open} />
        </Paper>
      )}
      {caller && <UserModal mode={mode} caller={caller} onClose={close} />}
    </>
  );
}
