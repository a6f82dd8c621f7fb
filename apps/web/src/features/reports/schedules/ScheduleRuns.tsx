import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ReportSchedule, RunStatus, ScheduleRun } from '@portal/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState';
import { PropertyTime } from '../../../ui/PropertyTime';
import { QueryState } from '../../../ui/QueryState';
import { ScrollTable } from '../../../ui/ScrollTable';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useScheduleRuns } from './hooks';
import { periodDays } from './period';

const statusColor: Record<RunStatus, string> = { running: 'blue', done: 'green', failed: 'red' };

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={statusColor[status]}>{t(`schedules.runs.status.${status}`)}</StatusBadge>;
}

export function PeriodText({ run }: { run: Pick<ScheduleRun, 'periodStart' | 'periodEnd'> }) {
  const { t } = useTranslation();
  const { first, last } = periodDays(run.periodStart, run.periodEnd);
  return <>{first === last ? first : t('schedules.runs.period', { first, last })}</>;
}

/** A schedule's runs, newest first: status, period, rows, file, what became of the mails, the error. */
export function ScheduleRuns({ schedule, onBack }: { schedule: ReportSchedule; onBack: () => void }) {
  const { t } = useTranslation();
  const runs = useScheduleRuns(schedule.scheduleID);
  const titleId = `schedule-runs-${schedule.scheduleID}`;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600} id={titleId}>
          {t('schedules.runs.title', { name: schedule.reportName })}
        </Text>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          {t('schedules.runs.back')}
        </Button>
      </Group>
      <QueryState
        query={runs}
        loading={{ height: 28, count: 3, gap: 'xs' }}
        failed={t('schedules.runs.loadFailed')}
        empty={
          <EmptyState title={t('schedules.runs.emptyTitle')} text={t('schedules.runs.empty')}>
            <Text size="sm">
              {t('schedules.nextRun')}: <PropertyTime iso={schedule.nextRunAt} timeZone={schedule.timeZone} />
            </Text>
          </EmptyState>
        }
      >
        {(list) => (
          <ScrollTable
            minWidth={760}
            striped
            verticalSpacing="xs"
            aria-labelledby={titleId}
            columns={[
              { label: t('schedules.runs.columns.status') },
              { label: t('schedules.runs.columns.period') },
              { label: t('schedules.runs.columns.finished') },
              { label: t('schedules.runs.columns.rows') },
              { label: t('schedules.runs.columns.file') },
              { label: t('schedules.runs.columns.mails') },
              { label: t('schedules.runs.columns.error') },
            ]}
          >
            {list.map((run) => (
              <Table.Tr key={run.runID}>
                <Table.Td>
                  <RunStatusBadge status={run.status} />
                </Table.Td>
                <Table.Td>
                  <PeriodText run={run} />
                </Table.Td>
                <Table.Td>
                  <PropertyTime iso={run.finishedAt} timeZone={schedule.timeZone} />
                </Table.Td>
                <Table.Td>{run.rows ?? '—'}</Table.Td>
                <Table.Td>{run.fileName ?? '—'}</Table.Td>
                <Table.Td>
                  {t('schedules.runs.mails', {
                    sent: run.mailsSent,
                    pending: run.mailsPending,
                    failed: run.mailsFailed,
                  })}
                </Table.Td>
                <Table.Td>{run.error ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
        )}
      </QueryState>
    </Stack>
  );
}
