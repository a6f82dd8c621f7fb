import { Alert, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { type ReportRow, type ReportType, type UsagePeriodKind, usagePeriod } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { useVisibleSites } from '../../lib/visibleSites';
import { ReportTable } from './ReportTable';
import { todayIn } from './period';
import { fetchReportRecords, useReportTypes } from './hooks';
import { toastReportError } from './toastReportError';

/**
 * /Report: a property, a report and a quick period (daily, weekly, monthly usage, in the
 * property's time zone), then View Report. Reports that need a location, and those of how things
 * stand now (no period), are left to the Property Reports dialog.
 */
export function ReportPage() {
  const { t } = useTranslation();
  const sites = useVisibleSites();
  const [siteId, setSiteId] = useState<number | null>(null);
  const types = useReportTypes(siteId ?? 0, siteId !== null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [kind, setKind] = useState<UsagePeriodKind>('daily');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ type: ReportType; rows: ReportRow[]; period: string } | null>(null);

  const site = sites.data?.find((s) => s.siteID === siteId) ?? null;
  // the reports of the whole property over a period: the others need the dialog's location or take no period
  const choices = (types.data ?? []).filter((r) => r.inputs.location === 'optional' && r.inputs.period === 'required');
  const type = choices.find((r) => r.reportTypeID === typeId) ?? choices[0] ?? null;

  async function view() {
    if (!site || !type) return;
    const period = usagePeriod(kind, todayIn(site.timeZone));
    setBusy(true);
    try {
      const rows = await fetchReportRecords({
        reportID: type.reportTypeID,
        siteID: site.siteID,
        storedProcedureCalled: type.storedProcedureCalled,
        start: period.start,
        end: period.end,
        locationDescription: '',
      });
      setResult({ type, rows, period: `${period.start.replace('T', ' ')} – ${period.end.replace('T', ' ')}` });
    } catch (error) {
      toastReportError(t, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageTitle>{t('pages.report.title')}</PageTitle>
      <Paper withBorder p="md" radius="md" mb="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('reports.pageIntro')}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('reports.property')}
              placeholder={t('reports.propertyPlaceholder')}
              data={(sites.data ?? []).map((s) => ({ value: String(s.siteID), label: s.sitePublicName }))}
              value={siteId === null ? null : String(siteId)}
              onChange={(v) => {
                setSiteId(v === null ? null : Number(v));
                setTypeId(null);
                setResult(null);
              }}
              searchable
              w={{ base: '100%', sm: 260 }}
            />
            <Select
              label={t('reports.reportType')}
              data={choices.map((r) => ({ value: String(r.reportTypeID), label: r.reportTypeName }))}
              value={type ? String(type.reportTypeID) : null}
              onChange={(v) => setTypeId(v === null ? null : Number(v))}
              disabled={siteId === null}
              allowDeselect={false}
              w={{ base: '100%', sm: 260 }}
            />
            <SegmentedControl
              aria-label={t('reports.usage')}
              value={kind}
              onChange={(v) => setKind(v as UsagePeriodKind)}
              data={[
                { value: 'daily', label: t('reports.usageDaily') },
                { value: 'weekly', label: t('reports.usageWeekly') },
                { value: 'monthly', label: t('reports.usageMonthly') },
              ]}
            />
            <Button onClick={() => void view()} loading={busy} disabled={!site || !type}>
              {t('reports.viewReport')}
            </Button>
          </Group>
          {sites.error && <Alert color="red">{t('msg.propertiesLoadFailed')}</Alert>}
        </Stack>
      </Paper>
      {result ? (
        <Stack gap="xs">
          <Text fw={600}>
            {result.type.reportTypeName} · {result.period}
          </Text>
          <ReportTable type={result.type} rows={result.rows} />
        </Stack>
      ) : (
        <EmptyState title={t('pages.report.emptyTitle')} text={t('pages.report.emptyText')} />
      )}
    </>
  );
}
