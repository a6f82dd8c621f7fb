import { Alert, Button, FileInput, Group, Radio, Stack, Title } from '@mantine/core';
import type { ImportReport, SiteWithStats } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverText } from '../../i18n/messages';
import type { FileProgress } from '../../lib/api';
import { DialogActions, SubmitActions } from '../../ui/DialogActions';
import { ResponsiveModal } from '../../ui/ResponsiveModal';
import { ImportFindings } from './ImportFindings';
import { ImportProgress, type Working } from './ImportProgress';
import { usePreviewImport, useStoreImport } from './useImportReadings';

/** What the dialog shows of the property: its name, and the time zone a time without an offset is read in. */
export type ImportSite = Pick<SiteWithStats, 'siteID' | 'sitePublicName' | 'timeZone'>;

type Step =
  | { kind: 'choose'; error: string | null }
  | ({ kind: 'working' } & Working)
  | { kind: 'previewed'; report: ImportReport }
  | { kind: 'stored'; report: ImportReport; said: string };

/**
 * Import readings from a CSV file: the file chosen, previewed (every row checked, nothing stored,
 * refusals and warnings by line), then stored as the user chooses (the valid rows, or nothing
 * unless every row is valid), with the progress of each. It cannot be closed while the server
 * works; its result takes the focus when it shows.
 */
export function ImportReadingsDialog({ site, onClose }: { site: ImportSite; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose', error: null });
  const [mode, setMode] = useState<'valid' | 'all'>('all');
  const preview = usePreviewImport(site.siteID);
  const store = useStoreImport(site.siteID);
  const result = useRef<HTMLHeadingElement>(null);
  const working = step.kind === 'working';

  useEffect(() => {
    if (step.kind === 'previewed' || step.kind === 'stored') result.current?.focus();
  }, [step.kind]);

  const progressOf = (work: 'check' | 'store') => (p: FileProgress) =>
    setStep({ kind: 'working', stage: p.stage === 'upload' ? 'upload' : work, share: p.share });
  const failed = (error: unknown) => setStep({ kind: 'choose', error: errorMessage(t, error) });

  const onPreview = (chosen: File) => {
    setStep({ kind: 'working', stage: 'upload', share: 0 });
    preview.mutate(
      { file: chosen, mode, onProgress: progressOf('check') },
      {
        onSuccess: ({ result: report }) => {
          setMode(report.refused.length ? 'valid' : 'all');
          setStep({ kind: 'previewed', report });
        },
        onError: failed,
      },
    );
  };

  const onStore = (chosen: File) => {
    setStep({ kind: 'working', stage: 'upload', share: 0 });
    store.mutate(
      { file: chosen, mode, onProgress: progressOf('store') },
      {
        onSuccess: ({ result: report, message }) =>
          setStep({ kind: 'stored', report, said: serverText(t, message, 'readingsImported') }),
        onError: failed,
      },
    );
  };

  return (
    <ResponsiveModal
      onClose={onClose}
      size="xl"
      title={t('readingImport.title', { property: site.sitePublicName })}
      withCloseButton={!working}
      closeOnEscape={!working}
      closeOnClickOutside={!working}
    >
      {step.kind === 'choose' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (file) onPreview(file);
          }}
          noValidate
        >
          <Stack>
            {step.error && (
              <Alert color="red" variant="light" role="alert">
                {step.error}
              </Alert>
            )}
            <FileInput
              label={t('readingImport.file')}
              description={t('readingImport.columns', { zone: site.timeZone })}
              placeholder={t('readingImport.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
              data-autofocus
            />
            <SubmitActions onCancel={onClose} label={t('readingImport.preview')} loading={false} disabled={!file} />
          </Stack>
        </form>
      )}
      {step.kind === 'working' && <ImportProgress stage={step.stage} share={step.share} />}
      {step.kind === 'previewed' && file && (
        <Stack>
          <Title order={3} size="h4" ref={result} tabIndex={-1}>
            {t('readingImport.previewOf', { file: file.name })}
          </Title>
          <ImportFindings report={step.report} stored={false} />
          <Radio.Group label={t('readingImport.mode')} value={mode} onChange={(v) => setMode(v as 'valid' | 'all')}>
            <Stack gap="xs" mt="xs">
              <Radio value="valid" label={t('readingImport.modeValid', { count: step.report.accepted })} />
              <Radio
                value="all"
                label={t('readingImport.modeAll')}
                disabled={step.report.refused.length > 0}
                description={
                  step.report.refused.length > 0
                    ? t('readingImport.modeAllRefused', { count: step.report.refused.length })
                    : undefined
                }
              />
            </Stack>
          </Radio.Group>
          <DialogActions onCancel={onClose}>
            <Button variant="default" onClick={() => setStep({ kind: 'choose', error: null })}>
              {t('readingImport.otherFile')}
            </Button>
            <Button onClick={() => onStore(file)} disabled={step.report.accepted === 0}>
              {t('readingImport.store')}
            </Button>
          </DialogActions>
        </Stack>
      )}
      {step.kind === 'stored' && (
        <Stack>
          <Title order={3} size="h4" ref={result} tabIndex={-1}>
            {step.said}
          </Title>
          <ImportFindings report={step.report} stored />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
        </Stack>
      )}
    </ResponsiveModal>
  );
}
