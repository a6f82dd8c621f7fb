import { Text } from '@mantine/core';
import { managesProperties, type ReportSchedule } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRole } from '../../../lib/session/useRole';
import { PropertyDialog } from '../../../ui/PropertyDialog';
import { QueryState } from '../../../ui/QueryState';
import { useReportTypes } from '../hooks';
import { useSchedules } from './hooks';
import { ScheduleForm } from './ScheduleForm';
import { ScheduleList } from './ScheduleList';
import { ScheduleRuns } from './ScheduleRuns';

type Site = { siteID: number; sitePublicName: string; timeZone: string };

type View =
  { kind: 'list' } | { kind: 'form'; schedule: ReportSchedule | null } | { kind: 'runs'; schedule: ReportSchedule };

/**
 * Scheduled Reports of a property (its actions menu): the reports mailed every day, week or
 * month at a local time of the property, each with its next and last run; an Administrator or
 * Site Owner adds, changes and deletes them, a Site Manager sees them.
 */
export function SchedulesDialog({ site, onClose }: { site: Site; onClose: () => void }) {
  const { t } = useTranslation();
  const canManage = managesProperties(useRole());
  const schedules = useSchedules(site.siteID);
  const types = useReportTypes(site.siteID, canManage);
  const [view, setView] = useState<View>({ kind: 'list' });
  const toList = () => setView({ kind: 'list' });

  const loaded = {
    isPending: schedules.isPending || (canManage && types.isPending),
    isError: schedules.isError || (canManage && types.isError),
    error: schedules.error ?? types.error,
    data: schedules.data,
  };

  return (
    <PropertyDialog
      onClose={onClose}
      title={t('schedules.title', { name: site.sitePublicName })}
      size="80rem"
      intro={t('schedules.intro', { zone: site.timeZone })}
    >
      {!canManage && (
        <Text size="sm" role="note">
          {t('schedules.readOnly')}
        </Text>
      )}
      <QueryState query={loaded} loading={{ height: 28, count: 3, gap: 'xs' }} failed={t('schedules.loadFailed')}>
        {(list) =>
          view.kind === 'form' ? (
            <ScheduleForm
              site={site}
              schedule={view.schedule}
              reportTypes={types.data ?? []}
              onCancel={toList}
              onSaved={toList}
            />
          ) : view.kind === 'runs' ? (
            <ScheduleRuns schedule={view.schedule} onBack={toList} />
          ) : (
            <ScheduleList
              site={site}
              schedules={list}
              canManage={canManage}
              onAdd={() => setView({ kind: 'form', schedule: null })}
              onEdit={(schedule) => setView({ kind: 'form', schedule })}
              onRuns={(schedule) => setView({ kind: 'runs', schedule })}
            />
          )
        }
      </QueryState>
    </PropertyDialog>
  );
}
