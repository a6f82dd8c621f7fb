import { Group, NativeSelect } from '@mantine/core';
import { ALERT_STATES, ALERT_TYPES, type AlertState, type AlertType } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useVisibleSites } from '../../../lib/visibleSites';
import type { AlertFilters } from '../filters';

type Props = { filters: AlertFilters; onChange: (change: Partial<AlertFilters>) => void };

/** Property, state and type of the alerts listed. */
export function AlertFiltersBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const sites = useVisibleSites();
  const properties = (sites.data ?? [])
    .map((site) => ({ value: String(site.siteID), label: site.sitePublicName }))
    .sort((a, b) => a.label.localeCompare(b.label));
  // The property of a link is named once the list has come.
  if (filters.siteID && !properties.some((p) => p.value === String(filters.siteID))) {
    properties.unshift({ value: String(filters.siteID), label: sites.isPending ? t('common.loading') : '—' });
  }

  return (
    <Group gap="sm" wrap="wrap" align="flex-end" role="group" aria-label={t('alerts.filters.label')} mb="sm">
      <NativeSelect
        label={t('alerts.filters.property')}
        w={{ base: '100%', xs: 240 }}
        value={filters.siteID ? String(filters.siteID) : ''}
        onChange={(e) => onChange({ siteID: Number(e.currentTarget.value) || null })}
        data={[{ value: '', label: t('alerts.filters.allProperties') }, ...properties]}
      />
      <NativeSelect
        label={t('alerts.filters.state')}
        w={{ base: '100%', xs: 180 }}
        value={filters.state}
        onChange={(e) => onChange({ state: e.currentTarget.value as AlertState | '' })}
        data={[
          { value: '', label: t('alerts.filters.allUnresolved') },
          ...ALERT_STATES.map((state) => ({ value: state, label: t(`alerts.states.${state}`) })),
        ]}
      />
      <NativeSelect
        label={t('alerts.filters.type')}
        w={{ base: '100%', xs: 220 }}
        value={filters.type}
        onChange={(e) => onChange({ type: e.currentTarget.value as AlertType | '' })}
        data={[
          { value: '', label: t('alerts.filters.allTypes') },
          ...ALERT_TYPES.map((type) => ({ value: type, label: t(`alerts.types.${type}`) })),
        ]}
      />
    </Group>
  );
}
