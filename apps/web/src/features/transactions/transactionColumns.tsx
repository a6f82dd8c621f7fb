import { Badge, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { checkedOutBy, guestName, type StayTransaction } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/decimals';
import { PropertyTime } from '../../ui/PropertyTime';

type Column = ColumnDef<StayTransaction, unknown>;

function GuestCell({ guest }: { guest: StayTransaction['guest'] }) {
  if (!guest) return null;
  return (
    <>
      <div>{guestName(guest)}</div>
      <Text component="div" size="xs" c="dimmed">
        {guest.mobileNumber}
      </Text>
    </>
  );
}

/** The columns of a Transactions tab; History adds the check-out date and who checked out. */
export function useTransactionColumns(history: boolean): Column[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const automatic = t('transactions.automatic');
    const kwh = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    const time = (key: 'checkinDateTime' | 'checkoutDateTime', header: string): Column => ({
      id: key,
      header,
      accessorFn: (r) => r[key] ?? '',
      cell: ({ row }) => <PropertyTime iso={row.original[key]} timeZone={row.original.timeZone} />,
    });
    const cols: Array<Column | null> = [
      { id: 'siteName', header: t('transactions.columns.property'), accessorFn: (r) => r.siteName },
      {
        id: 'locationDescription',
        header: t('transactions.columns.location'),
        accessorFn: (r) => r.locationDescription,
      },
      {
        id: 'guest',
        header: t('transactions.columns.guest'),
        accessorFn: (r) => guestName(r.guest),
        cell: ({ row }) => <GuestCell guest={row.original.guest} />,
      },
      time('checkinDateTime', t('transactions.columns.checkIn')),
      history ? time('checkoutDateTime', t('transactions.columns.checkOut')) : null,
      {
        id: 'usage',
        header: t('transactions.columns.usage'),
        accessorFn: (r) => r.usage,
        cell: ({ row }) => (
          <>
            {kwh.format(row.original.usage)} kWh{' '}
            {row.original.estimated && (
              <Badge color="orange" size="sm" data-estimated>
                {t('billing.statement.estimated')}
              </Badge>
            )}
          </>
        ),
      },
      {
        id: 'total',
        header: t('transactions.columns.total'),
        accessorFn: (r) => Number(r.statementTotal.total),
        cell: ({ row }) =>
          formatMoney(row.original.statementTotal.total, row.original.statementTotal.currency, i18n.language),
      },
      {
        id: 'checkInByUserName',
        header: t('transactions.columns.checkedInBy'),
        accessorFn: (r) => r.checkInByUserName ?? '',
      },
      history
        ? {
            id: 'checkOutByUserName',
            header: t('transactions.columns.checkedOutBy'),
            accessorFn: (r) => checkedOutBy(r, automatic),
            cell: ({ row, getValue }) =>
              row.original.checkOutByUserName === null ? (
                <Text span c="dimmed" size="sm">
                  {automatic}
                </Text>
              ) : (
                String(getValue())
              ),
          }
        : null,
    ];
    return cols.filter((c): c is Column => c !== null);
  }, [t, i18n.language, history]);
}
