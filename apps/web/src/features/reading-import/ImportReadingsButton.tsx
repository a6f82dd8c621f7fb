import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSite } from './ImportReadingsDialog';

const ImportReadingsDialog = lazy(async () => ({
  default: (await import('./ImportReadingsDialog')).ImportReadingsDialog,
}));

/** The Import readings button of a property's page, and the dialog it opens (loaded when first opened). */
export function ImportReadingsButton({ site }: { site: ImportSite }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconFileImport size={14} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('readingImport.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportReadingsDialog site={site} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
