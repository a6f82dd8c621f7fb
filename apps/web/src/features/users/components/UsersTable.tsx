import {
  ActionIcon,
  Badge,
  Group,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconEye, IconPencil, IconSearch, IconX } from '@tabler/icons-react';
import {
  type ColumnDef,
  type SortingState,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { PAGE_LENGTHS, USERS_PAGE_SIZE, type UserAccount, isRoleId } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Caller, fullName, userActionOf, userColumnsFor } from '../userForm';
import { SortableTableHead } from '../../../ui/SortableTableHead';

const ALL = -1;

/**
 * The Manage Users table: sortable, searchable, 10 rows a page with the length menu.
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
  const [sorting, setSorting] = useState<SortingState>([{ id: 'lastName', desc: false }]);
  const [search, setSearch] = useState('');
  const [pageLength, setPageLength] = useState<number>(USERS_PAGE_SIZE);
  const [pageIndex, setPageIndex] = useState(0);
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

  const table = useReactTable({
    data: accounts,
    columns,
    state: {
      sorting,
      globalFilter: search,
      pagination: { pageIndex, pageSize: pageLength === ALL ? Math.max(accounts.length, 1) : pageLength },
    },
    onSortingChange: setSorting,
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater({ pageIndex, pageSize: pageLength }) : updater;
      setPageIndex(next.pageIndex);
    },
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId: (account) => String(account.userAccountID),
    autoResetPageIndex: false,
  });

  const total = table.getFilteredRowModel().rows.length;
  const rows = table.getRowModel().rows;
  const pageSize = table.getState().pagination.pageSize;
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Select
          label={t('users.pageLength')}
          w={120}
          data={PAGE_LENGTHS.map((n) => ({ value: String(n), label: n === ALL ? t('users.all') : String(n) }))}
          value={String(pageLength)}
          onChange={(value) => {
            setPageLength(Number(value ?? USERS_PAGE_SIZE));
            setPageIndex(0);
          }}
          allowDeselect={false}
        />
        <TextInput
          label={t('users.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPageIndex(0);
          }}
          type="search"
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      <Table.ScrollContainer minWidth={shown.business ? 900 : 720}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <SortableTableHead table={table} />
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {t('msg.noData')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('users.range', { from, to, total })}
        </Text>
        {table.getPageCount() > 1 && (
          <Pagination
            total={table.getPageCount()}
            value={pageIndex + 1}
            onChange={(page) => setPageIndex(page - 1)}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`users.page.${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('users.page.number', { page }) })}
          />
        )}
      </Group>
    </>
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
