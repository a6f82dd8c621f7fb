import { Alert, Autocomplete, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  csvDocument,
  previousMonthRange,
  reportFileName,
  reportFormError,
  type ReportRow,
  type ReportType,
} from '@portal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../ui/saveFile';
import { toast } from '../../ui/toast';
import { todayIn } from './period';
import { downloadExcel, fetchReportRecords, type ReportRun, useLocationSearch, useReportTypes } from './hooks';
import { ReportTable } from './ReportTable';
import { toastReportError } from './toastReportError';

export type ReportSite = { siteID: number; sitePublicName: string; timeZone?: string | null };

/**
 * The Property Reports dialog, opened from a property's or a location's Reporting menu:
 * report type, location search (from 2 characters), a period in the property's local time
 * (the previous calendar month by default), View as a paged table, Export to Excel (made by
 * the server) and Export to CSV (made here). Both exports neutralise formula cells.
 */
export function PropertyReportsModal({
  opened,
  onClose,
  site,
  locationDescription,
}: {
  opened: boolean;
  onClose: () => void;
  site: ReportSite;
  locationDescription?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      // as wide as the window: the widest report (Billing by Stay, 14 columns) fits 1366 px, its table dense
      size="100%"
      xOffset="1rem"
      title={t('reports.titleFor', { site: site.sitePublicName })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <ReportForm site={site} initialLocation={locationDescription ?? null} />}
    </Modal>
  );
}

function ReportForm({ site, initialLocation }: { site: ReportSite; initialLocation: string | null }) {
  const { t } = useTranslation();
  const types = useReportTypes(site.siteID);
  const range = useMemo(() => previousMonthRange(todayIn(site.timeZone)), [site.timeZone]);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [start, setStart] = useState(range.start);
  const [end, setEnd] = useState(range.end);
  const [locationText, setLocationText] = useState(initialLocation ?? '');
  const [picked, setPicked] = useState<string | null>(initialLocation);
  // Valid only while the text is the option picked: Mantine calls onChange with the
  // option's text right after onOptionSubmit, so the pick must not be cleared there.
  const location = picked !== null && picked === locationText ? picked : null;
  const [debounced] = useDebouncedValue(locationText, 300);
  const search = useLocationSearch(site.siteID, location ? '' : debounced);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'view' | 'excel' | 'csv' | null>(null);
  const [result, setResult] = useState<{ type: ReportType; rows: ReportRow[] } | null>(null);

  const type = types.data?.find((r) => r.reportTypeID === typeId) ?? null;
  // what the chosen type does with each input, as the server's registry says
  const inputs = type?.inputs ?? null;
  const noPeriod = inputs?.period === 'unused';

  function validRun(): ReportRun | null {
    const code = reportFormError({ reportTypeID: typeId, start, end, location, locationText }, inputs);
    setProblem(code ? t(`msg.${code}`) : null);
    if (code || !type) return null;
    return {
      reportID: type.reportTypeID,
      siteID: site.siteID,
      storedProcedureCalled: type.storedProcedureCalled,
      start: noPeriod ? null : start,
      end: noPeriod ? null : end,
      locationDescription: location ?? '',
    };
  }

  /** The file's name: its period, or the property's date for a report that takes none. */
  const fileName = (run: ReportRun, ext?: string) => {
    const today = todayIn(site.timeZone);
    return reportFileName(run.start ?? today, run.end ?? today, ext);
  };

  /** Runs one of the report's actions, the others disabled meanwhile. */
  async function act(action: NonNullable<typeof busy>, work: (run: ReportRun, type: ReportType) => Promise<void>) {
    const run = validRun();
    if (!run || !type) return;
    setBusy(action);
    try {
      await work(run, type);
    } catch (error) {
      if (action === 'view') toastReportError(t, error);
      else toast.error(t('msg.exportFailed'));
    } finally {
      setBusy(null);
    }
  }

  const view = () =>
    act('view', async (run, chosen) => setResult({ type: chosen, rows: await fetchReportRecords(run) }));

  const exportExcel = () =>
    act('excel', async (run, chosen) => {
      const blob = await downloadExcel({
        ...run,
        header: chosen.columnHeaders,
        siteName: site.sitePublicName,
        reportName: chosen.reportTypeName,
      });
      saveFile(blob, fileName(run));
    });

  const exportCsv = () =>
    act('csv', async (run, chosen) => {
      const rows = await fetchReportRecords(run);
      const headers = chosen.columnHeaders.split(',');
      const text = csvDocument([headers, ...rows.map((r) => headers.map((h) => r[h] ?? null))]);
      saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName(run, 'csv'));
    });

  if (types.error)
    return (
      <Alert color="red" role="alert">
        {t('msg.reportsLoadFailed')}
      </Alert>
    );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('reports.reportType')}
          placeholder={t('reports.reportTypePlaceholder')}
          data={(types.data ?? []).map((r) => ({ value: String(r.reportTypeID), label: r.reportTypeName }))}
          value={typeId === null ? null : String(typeId)}
          onChange={(v) => {
            setTypeId(v === null ? null : Number(v));
            setResult(null);
          }}
          disabled={types.isPending}
        />
        <Autocomplete
          label={t('reports.location')}
          placeholder={t('reports.locationPlaceholder')}
          withAsterisk={inputs?.location === 'required'}
          description={inputs?.location === 'optional' ? t('reports.locationOptional') : undefined}
          data={(search.data ?? []).map((o) => ({ value: o.locationDescription, label: o.locationDescription }))}
          value={locationText}
          onChange={setLocationText}
          onOptionSubmit={setPicked}
          filter={({ options }) => options}
        />
        <TextInput
          type="datetime-local"
          label={t('reports.start')}
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          disabled={noPeriod}
          description={noPeriod ? t('reports.periodUnused') : undefined}
        />
        <TextInput
          type="datetime-local"
          label={t('reports.end')}
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
          disabled={noPeriod}
          description={noPeriod ? t('reports.periodUnused') : undefined}
        />
      </SimpleGrid>
      {problem && (
        <Alert color="red" role="alert" variant="light">
          {problem}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={() => void view()} loading={busy === 'view'} disabled={busy !== null && busy !== 'view'}>
          {t('reports.view')}
        </Button>
        <Button
          variant="light"
          onClick={() => void exportExcel()}
          loading={busy === 'excel'}
          disabled={busy !== null && busy !== 'excel'}
        >
          {t('reports.exportExcel')}
        </Button>
        <Button
          variant="light"
          onClick={() => void exportCsv()}
          loading={busy === 'csv'}
          disabled={busy !== null && busy !== 'csv'}
        >
          {t('reports.exportCsv')}
        </Button>
      </Group>
      {result && <ReportTable type={result.type} rows={result.rows} />}
    </Stack>
  );
}
