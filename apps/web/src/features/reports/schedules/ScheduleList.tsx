import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ReportSchedule } from '@portal/contract';
import { IconHistory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { useConfirm } from '../../../ui/confirmContext';
import { EmptyState } from '../../../ui/EmptyState';
import { PropertyTime } from '../../../ui/PropertyTime';
import { ScrollTable } from '../../../ui/ScrollTable';
import { toast } from '../../../ui/toast';
import { useDeleteSchedule } from './hooks';
import { RecipientList } from './RecipientList';
import { PeriodText, RunStatusBadge } from './ScheduleRuns';

/**
 * A property's schedules, each with its report, when it runs, the format, the recipients, the
 * next and the last run; its runs for everyone, changes and deletion for who manages them.
 */
export function ScheduleList({
  site,
  schedules,
  canManage,
  onAdd,
  onEdit,
  onRuns,
}: {
  site: { siteID: number };
  schedules: ReportSchedule[];
  canManage: boolean;
  onAdd: () => void;
  onEdit: (schedule: ReportSchedule) => void;
  onRuns: (schedule: ReportSchedule) => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useDeleteSchedule(site.siteID);

  const deleteSchedule = async (schedule: ReportSchedule) => {
    const confirmed = await confirm({
      title: t('schedules.delete.title'),
      message: t('schedules.delete.question', { name: schedule.reportName }),
      confirmLabel: t('schedules.delete.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(schedule.scheduleID, {
      onSuccess: () => toast.success(t('schedules.delete.done')),
      onError: (error) => toast.error(`${t('schedules.delete.failed')} ${errorMessage(t, error)}`),
    });
  };

  const add = canManage && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
      {t('schedules.add')}
    </Button>
  );

  if (schedules.length === 0) {
    return (
      <EmptyState
        title={t('schedules.empty.title')}
        text={canManage ? t('schedules.empty.text') : t('schedules.empty.textReadOnly')}
      >
        {add}
      </EmptyState>
    );
  }

  return (
    <Stack gap="sm">
      {add && <Group justify="flex-end">{add}</Group>}
      <ScrollTable
        minWidth={900}
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={t('schedules.list')}
        columns={[
          { label: t('schedules.columns.report') },
          { label: t('schedules.columns.frequency') },
          { label: t('schedules.columns.time') },
          { label: t('schedules.columns.format') },
          { label: t('schedules.columns.recipients') },
          { label: t('schedules.columns.nextRun') },
          { label: t('schedules.columns.lastRun') },
          { label: t('schedules.columns.actions') },
        ]}
      >
        {schedules.map((s) => (
          <Table.Tr key={s.scheduleID}>
            <Table.Th scope="row" fw={500}>
              {s.reportName}
              {s.locationDescription && (
                <Text size="xs" c="dimmed">
                  {s.locationDescription}
                </Text>
              )}
            </Table.Th>
            <Table.Td>{t(`schedules.frequency.${s.frequency}`)}</Table.Td>
            <Table.Td>{s.time}</Table.Td>
            <Table.Td>{t(`schedules.format.${s.format}`)}</Table.Td>
            <Table.Td>
              <RecipientList schedule={s} />
            </Table.Td>
            <Table.Td>
              <PropertyTime iso={s.nextRunAt} timeZone={s.timeZone} />
            </Table.Td>
            <Table.Td>
              {s.lastRun ? (
                <Stack gap={2} align="flex-start">
                  <RunStatusBadge status={s.lastRun.status} />
                  <Text size="xs" c="dimmed">
                    <PeriodText run={s.lastRun} />
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('schedules.runs.never')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <RowAction label={t('schedules.actions.runs', { name: s.reportName })} onClick={() => onRuns(s)}>
                  <IconHistory size={18} aria-hidden />
                </RowAction>
                {canManage && (
                  <>
                    <RowAction label={t('schedules.actions.edit', { name: s.reportName })} onClick={() => onEdit(s)}>
                      <IconPencil size={18} aria-hidden />
                    </RowAction>
                    <RowAction
                      label={t('schedules.actions.delete', { name: s.reportName })}
                      color="red"
                      onClick={() => void deleteSchedule(s)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </RowAction>
                  </>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}

function RowAction({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
