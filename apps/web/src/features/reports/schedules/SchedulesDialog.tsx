import { ActionIcon, Alert, Button, Group, Modal, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { managesProperties, type ReportSchedule } from '@portal/contract';
import { IconHistory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { useRole } from '../../../lib/session/useRole';
import { useConfirm } from '../../../ui/confirmContext';
import { EmptyState } from '../../../ui/EmptyState';
import { focusLater, openerNow } from '../../../ui/focusReturn';
import { PropertyTime } from '../../../ui/PropertyTime';
import { toast } from '../../../ui/toast';
import { useReportTypes } from '../hooks';
import { useDeleteSchedule, useSchedules } from './hooks';
import { RecipientList } from './RecipientList';
import { ScheduleForm } from './ScheduleForm';
import { PeriodText, RunStatusBadge, ScheduleRuns } from './ScheduleRuns';

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

  let body;
  if (schedules.isPending || (canManage && types.isPending)) {
    body = (
      <Stack gap="xs" role="status" aria-label={t('common.loading')}>
        <Skeleton height={28} />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    );
  } else if (schedules.isError || (canManage && types.isError)) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('schedules.loadFailed')}>
        {errorMessage(t, schedules.error ?? types.error)}
      </Alert>
    );
  } else if (view.kind === 'form') {
    body = (
      <ScheduleForm
        site={site}
        schedule={view.schedule}
        reportTypes={types.data ?? []}
        onCancel={toList}
        onSaved={toList}
      />
    );
  } else if (view.kind === 'runs') {
    body = <ScheduleRuns schedule={view.schedule} onBack={toList} />;
  } else {
    body = (
      <ScheduleList
        site={site}
        schedules={schedules.data}
        canManage={canManage}
        onAdd={() => setView({ kind: 'form', schedule: null })}
        onEdit={(schedule) => setView({ kind: 'form', schedule })}
        onRuns={(schedule) => setView({ kind: 'runs', schedule })}
      />
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('schedules.title', { name: site.sitePublicName })}
      size="80rem"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('schedules.intro', { zone: site.timeZone })}
        </Text>
        {!canManage && (
          <Text size="sm" role="note">
            {t('schedules.readOnly')}
          </Text>
        )}
        {body}
      </Stack>
    </Modal>
  );
}

function ScheduleList({
  site,
  schedules,
  canManage,
  onAdd,
  onEdit,
  onRuns,
}: {
  site: Site;
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
    const from = openerNow();
    const confirmed = await confirm({
      title: t('schedules.delete.title'),
      message: t('schedules.delete.question', { name: schedule.reportName }),
      confirmLabel: t('schedules.delete.confirm'),
      danger: true,
    });
    focusLater(() => from);
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
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('schedules.list')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('schedules.columns.report')}</Table.Th>
              <Table.Th scope="col">{t('schedules.columns.frequency')}</Table.Th>
              <Table.Th scope="col">{t('schedules.columns.time')}</Table.Th>
              <Table.Th scope="col">{t('schedules.columns.format')}</Table.Th>
              <Table.Th scope="col">{t('schedules.columns.recipients')}</Table.Th>
              <Table.Th scope="col">{t('schedules.columns.nextRun')}</Table.Th>
              <Table.Th scope="col">{t('schedules.columns.lastRun')}</Table.Th>
              <Table.Th scope="col">{t('schedules.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
                        <RowAction
                          label={t('schedules.actions.edit', { name: s.reportName })}
                          onClick={() => onEdit(s)}
                        >
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
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
