import { Button, Group } from '@mantine/core';
import type { PublicStatement } from '@portal/contract';
import { IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { PageTitle } from '../../../ui/PageTitle';
import { saveFile } from '../../../ui/saveFile';
import { toast } from '../../../ui/toast';
import { StatementBadge } from './StatementView';
import classes from './Statement.module.css';

/**
 * The statement's title, whether it is running or final, Print (the page prints without the
 * app's frame) and the PDF (`pdf` fetches it: the staff's by stay, the guest's by the link).
 */
export function StatementHeading({ statement, pdf }: { statement: PublicStatement; pdf: () => Promise<Blob> }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: pdf,
    onSuccess: (blob) => saveFile(blob, `statement-${statement.stayID}.pdf`),
    onError: (error) => toast.error(errorMessage(t, error)),
  });
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Group gap="sm" align="baseline">
        <PageTitle>{t('billing.statement.title', { location: statement.locationName })}</PageTitle>
        <StatementBadge status={statement.status} />
      </Group>
      <Group gap="xs" className={classes.noPrint}>
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('billing.statement.pdf')}
        </Button>
        <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          {t('billing.statement.print')}
        </Button>
      </Group>
    </Group>
  );
}
