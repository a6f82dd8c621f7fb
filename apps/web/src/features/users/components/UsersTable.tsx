import { ActionIcon, Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconEye, IconPencil, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { USERS_PAGE_SIZE, type UserAccount, isRoleId } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Caller, fullName, userActionOf, userColumnsFor } from '../userForm';
import { DataTable } from '../../../ui/DataTable';

/**
 * The Manage Users table: sortable, searchable, 10 rows a page with the length menu (ui/DataTable).
 * Sorted by Last Name (the specification's column 2, counting from 1) ascending at first.
 */
export function UsersTable({
  accounts,
  caller,
  onOpen,
}: {
  accounts: UserAccount[];
  caller: Caller;
  onOpen: (account: UserAccount) => void;
}) {
  const { t } = useTranslation();
  const shown = userColumnsFor(caller.roleID);

  const columns = useMemo<ColumnDef<UserAccount, unknown>[]>(() => {
    const roleName = (account: UserAccount) => {
      const roleID = account.roles[0]?.roleID ?? 0;
      return isRoleId(roleID) ? t(`roles.${roleID}`) : account.userRoles;
    };
    return [
      {
        id: 'firstName',
        header: t('users.columns.firstName'),
        accessorFn: (a) => a.contact.firstName,
        sortingFn: 'text',
      },
      { id: 'lastName', header: t('users.columns.lastName'), accessorFn: (a) => a.contact.lastName, sortingFn: 'text' },
      { id: 'email', header: t('users.columns.email'), accessorFn: (a) => a.contact.email, sortingFn: 'text' },
      ...(shown.business
        ? [
            {
              id: 'business',
              header: t('users.columns.business'),
              accessorFn: (a: UserAccount) => a.busEntityName ?? '',
              sortingFn: 'text' as const,
            },
          ]
        : []),
      ...(shown.properties
        ? [
            {
              id: 'properties',
              header: t('users.columns.properties'),
              accessorFn: (a: UserAccount) => a.userAccountSites.map((site) => site.value).join(', '),
              sortingFn: 'text' as const,
            },
          ]
        : []),
      { id: 'role', header: t('users.columns.role'), accessorFn: roleName, sortingFn: 'text' },
      {
        id: 'active',
        header: t('users.columns.active'),
        accessorFn: (a) => a.active,
        enableGlobalFilter: false,
        cell: ({ row }) => <ActiveBadge active={row.original.active} />,
      },
      {
        id: 'actions',
        header: t('users.columns.actions'),
        enableSorting: false,
        enableGlobalFilter: false,
        cell: ({ row }) => {
          const action = userActionOf(caller, row.original);
          const label = t(action === 'manage' ? 'users.manageUser' : 'users.viewUser');
          return (
            <Tooltip label={label} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={t('users.actionFor', { action: label, name: fullName(row.original) })}
                onClick={() => onOpen(row.original)}
              >
                {action === 'manage' ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          );
        },
      },
    ];
  }, [t, shown.business, shown.properties, caller, onOpen]);

  return (
    <DataTable
      data={accounts}
      columns={columns}
      initialSort={[{ id: 'lastName', desc: false }]}
      pageSize={USERS_PAGE_SIZE}
      minWidth={shown.business ? 900 : 720}
      label={t('pages.users.title')}
      getRowId={(account) => String(account.userAccountID)}
      texts={{
        pageLength: t('users.pageLength'),
        all: t('users.all'),
        search: t('users.search'),
        range: (range) => t('users.range', range),
        empty: t('msg.noData'),
      }}
      hidePagerWithOnePage
    />
  );
}

/** A check or a cross, with the word for screen readers (never colour alone). */
function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={active ? 'green' : 'red'}
      variant="light"
      circle
      size="lg"
      title={t(active ? 'users.active' : 'users.inactive')}
    >
      {active ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
      <VisuallyHidden>{t(active ? 'users.active' : 'users.inactive')}</VisuallyHidden>
    </Badge>
  );
}
