import { Button, Group } from '@mantine/core';
import type { PublicStatement } from '@portal/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../ui/PageTitle';
import { StatementBadge } from './StatementView';
import classes from './Statement.module.css';

/** The statement's title, whether it is running or final, and Print (the page prints without the app's frame). */
export function StatementHeading({ statement }: { statement: PublicStatement }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Group gap="sm" align="baseline">
        <PageTitle>{t('billing.statement.title', { location: statement.locationName })}</PageTitle>
        <StatementBadge status={statement.status} />
      </Group>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        className={classes.noPrint}
        onClick={() => window.print()}
      >
        {t('billing.statement.print')}
      </Button>
    </Group>
  );
}
