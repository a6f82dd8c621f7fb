import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { RESERVATION_STATUSES, type ReservationStatus } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import type { PeriodDays } from '../period';
import type { RowFilters } from '../reservations';

type Props = {
  days: PeriodDays;
  onDays: (days: PeriodDays) => void;
  filters: RowFilters;
  onFilters: (filters: RowFilters) => void;
  timeZone: string;
};

const isStatus = (value: string): value is ReservationStatus => RESERVATION_STATUSES.some((s) => s === value);

/** The period asked for (days of the property's zone), the status, and Only conflicts. */
export function ReservationFilters({ days, onDays, filters, onFilters, timeZone }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" role="group" aria-label={t('reservations.filters.label')}>
      <TextInput
        type="date"
        label={t('reservations.filters.from')}
        description={t('reservations.filters.zone', { zone: timeZone })}
        value={days.from}
        max={days.to || undefined}
        onChange={(e) => onDays({ ...days, from: e.currentTarget.value })}
        w={{ base: '100%', xs: 180 }}
      />
      <TextInput
        type="date"
        label={t('reservations.filters.to')}
        description={t('reservations.filters.zone', { zone: timeZone })}
        value={days.to}
        min={days.from || undefined}
        onChange={(e) => onDays({ ...days, to: e.currentTarget.value })}
        w={{ base: '100%', xs: 180 }}
      />
      <NativeSelect
        label={t('reservations.filters.status')}
        value={filters.status ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          onFilters({ ...filters, status: isStatus(value) ? value : null });
        }}
        data={[
          { value: '', label: t('reservations.filters.allStatuses') },
          ...RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`reservations.status.${s}`) })),
        ]}
        w={{ base: '100%', xs: 180 }}
      />
      <Checkbox
        label={t('reservations.filters.onlyConflicts')}
        checked={filters.onlyConflicts}
        onChange={(e) => onFilters({ ...filters, onlyConflicts: e.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
