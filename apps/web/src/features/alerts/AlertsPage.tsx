import { Alert, Box, Button, Group, LoadingOverlay, NativeSelect, Paper, Skeleton, Text } from '@mantine/core';
import { ALERTS_PAGE_SIZES, type AlertDetail } from '@portal/contract';
import { IconCheck, IconCircleCheck } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../i18n/messages';
import { EmptyState } from '../../ui/EmptyState';
import { focusLater, openerNow } from '../../ui/focusReturn';
import { PageTitle } from '../../ui/PageTitle';
import { Pager } from '../../ui/Pager';
import { toast } from '../../ui/toast';
import { useVisibleSites } from '../../lib/visibleSites';
import { AlertActionDialog } from './components/AlertActionDialog';
import { AlertFiltersBar } from './components/AlertFiltersBar';
import { AlertsTable } from './components/AlertsTable';
import { type AlertFilters, filtersOf, searchOf } from './filters';
import { type AlertAction, actionApplies, useAlertAction, useAlerts } from './hooks';

const NONE: ReadonlySet<number> = new Set();
const HINT_ID = 'alerts-actions-hint';

/**
 * /Alerts: the alerts of the caller's properties (the server scopes them), filtered by
 * property, state and type in the address, a page at a time; selected alerts, or one, are
 * acknowledged or resolved with a note.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const view = searchOf(filters).toString();
  const alerts = useAlerts(filters);
  const sites = useVisibleSites();
  const siteNames = useMemo(
    () => new Map((sites.data ?? []).map((site) => [site.siteID, site.sitePublicName])),
    [sites.data],
  );
  const act = useAlertAction();

  // The selection belongs to the list in view: another filter or page starts with none.
  const [selection, setSelection] = useState<{ view: string; ids: ReadonlySet<number> }>({ view, ids: NONE });
  const selected = selection.view === view ? selection.ids : NONE;
  const [dialog, setDialog] = useState<{ action: AlertAction; alertIDs: number[] } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const results = useRef<HTMLParagraphElement>(null);

  const change = (next: Partial<AlertFilters>) => setParams(searchOf({ ...filters, page: 1, ...next }));
  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ view, ids: next });
  };

  const rows: AlertDetail[] = alerts.data?.alerts ?? [];
  const chosen = rows.filter((alert) => selected.has(alert.alertID));
  const applicable = (action: AlertAction) =>
    chosen.filter((alert) => actionApplies(action, alert)).map((a) => a.alertID);
  const hint = (action: AlertAction) =>
    chosen.length === 0
      ? t('alerts.actions.noneSelected')
      : applicable(action).length === 0
        ? action === 'acknowledge'
          ? t('alerts.actions.noneOpen')
          : t('alerts.actions.allResolved')
        : null;

  const open = (action: AlertAction, alertIDs: number[]) => {
    opener.current = openerNow();
    setDialog({ action, alertIDs });
  };
  const close = () => {
    setDialog(null);
    // The opener's row may have left the list (an acknowledged alert under Open): then the count of results.
    focusLater(() => (opener.current?.isConnected ? opener.current : results.current));
  };
  const confirm = (note: string) => {
    if (!dialog) return;
    const { action, alertIDs } = dialog;
    act.mutate(
      { action, alertIDs, note },
      {
        onSuccess: (count) => {
          toast.success(
            action === 'acknowledge'
              ? t('alerts.dialog.acknowledged', { count })
              : t('alerts.dialog.resolved', { count }),
          );
          setSelection({ view, ids: new Set([...selected].filter((id) => !alertIDs.includes(id))) });
          close();
        },
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  const total = alerts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / filters.pageSize));
  const from = rows.length === 0 ? 0 : (filters.page - 1) * filters.pageSize + 1;
  const ackHint = hint('acknowledge');
  const resolveHint = hint('resolve');

  return (
    <>
      <PageTitle>{t('alerts.title')}</PageTitle>
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        {t('alerts.intro')}
      </Text>
      <AlertFiltersBar filters={filters} onChange={change} />

      <Paper withBorder p="xs" radius="sm" mb="sm">
        <Group gap="sm" wrap="wrap">
          <Text size="sm">{t('alerts.actions.selected', { count: chosen.length })}</Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconCheck size={14} aria-hidden />}
            disabled={ackHint !== null}
            aria-describedby={ackHint ? HINT_ID : undefined}
            onClick={() => open('acknowledge', applicable('acknowledge'))}
          >
            {t('alerts.actions.acknowledgeSelected')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            disabled={resolveHint !== null}
            aria-describedby={resolveHint ? HINT_ID : undefined}
            onClick={() => open('resolve', applicable('resolve'))}
          >
            {t('alerts.actions.resolveSelected')}
          </Button>
          {(ackHint ?? resolveHint) && (
            <Text size="sm" c="dimmed" id={HINT_ID}>
              {ackHint ?? resolveHint}
            </Text>
          )}
        </Group>
      </Paper>

      {alerts.isPending ? (
        <Skeleton height={240} aria-label={t('common.loading')} role="status" />
      ) : alerts.isError && !alerts.data ? (
        <Alert color="red" role="alert">
          <Group justify="space-between" wrap="wrap">
            <span>
              {t('alerts.table.loadFailed')} {errorMessage(t, alerts.error)}
            </span>
            <Button size="xs" variant="light" onClick={() => void alerts.refetch()}>
              {t('alerts.table.retry')}
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState title={t('alerts.table.emptyTitle')} text={t('alerts.table.emptyText')} />
      ) : (
        <Box pos="relative" aria-busy={alerts.isPlaceholderData}>
          <LoadingOverlay
            visible={alerts.isPlaceholderData}
            zIndex={1}
            overlayProps={{ blur: 1 }}
            loaderProps={{ role: 'status', 'aria-label': t('common.loading') }}
          />
          <AlertsTable alerts={rows} siteNames={siteNames} selected={selected} onSelect={select} onAction={open} />
        </Box>
      )}

      <Group justify="space-between" mt="sm" wrap="wrap" align="flex-end">
        <Text size="sm" c="dimmed" role="status" ref={results} tabIndex={-1}>
          {alerts.data
            ? t('alerts.table.showing', { from, to: from + rows.length - (rows.length ? 1 : 0), total })
            : ''}
        </Text>
        <Group gap="sm" align="flex-end">
          <NativeSelect
            size="xs"
            label={t('alerts.table.pageSize')}
            value={String(filters.pageSize)}
            onChange={(e) => change({ pageSize: Number(e.currentTarget.value) })}
            data={ALERTS_PAGE_SIZES.map(String)}
          />
          {pages > 1 && <Pager total={pages} value={filters.page} onChange={(page) => change({ page })} />}
        </Group>
      </Group>

      {dialog && (
        <AlertActionDialog
          action={dialog.action}
          count={dialog.alertIDs.length}
          busy={act.isPending}
          onConfirm={confirm}
          onClose={close}
        />
      )}
    </>
  );
}
