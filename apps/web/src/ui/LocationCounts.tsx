import type { SiteWithStats } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from './StatusBadge';

type Counts = Pick<SiteWithStats, 'activeLocations' | 'inUseLocations' | 'outOfServiceLocations' | 'missingDevices'>;

/**
 * Location counts of a property (or of all the user's properties): active, in use, out of
 * service, missing devices; each badge says in words what its colour means.
 */
export function LocationCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const badges = [
    { key: 'active', color: 'green', label: t('sites.counts.active', { count: counts.activeLocations }) },
    { key: 'inUse', color: 'blue', label: t('sites.counts.inUse', { count: counts.inUseLocations }) },
    {
      key: 'outOfService',
      color: counts.outOfServiceLocations > 0 ? 'orange' : 'gray',
      label: t('sites.counts.outOfService', { count: counts.outOfServiceLocations }),
    },
    {
      key: 'missing',
      color: counts.missingDevices > 0 ? 'red' : 'gray',
      label: t('sites.counts.missingDevices', { count: counts.missingDevices }),
    },
  ];
  return (
    <>
      {badges.map((badge) => (
        <StatusBadge key={badge.key} color={badge.color}>
          {badge.label}
        </StatusBadge>
      ))}
    </>
  );
}
