import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/apiError';
import { PageLoader } from '../../ui/PageLoader';
import { FailedAlert, NotFoundAlert } from '../../ui/LinkAlerts';
import { PageTitle } from '../../ui/PageTitle';
import { guestPdf, usePublicStatement } from './hooks';
import { StatementHeading } from './statement/StatementHeading';
import { StatementView } from './statement/StatementView';
import classes from './statement/Statement.module.css';

/**
 * /statement/:token: the guest's page, opened from the link or its QR code without signing in.
 * The statement without the guest's name or the link; running while the stay is open. A
 * wrong, revoked or expired link answers 404, which says only that the link does not work.
 */
export function PublicStatementPage() {
  const { t } = useTranslation();
  const token = (useParams().token ?? '').trim();
  const statement = usePublicStatement(token);
  const invalid = token === '' || (statement.error instanceof ApiError && statement.error.status === 404);

  if (invalid) {
    return (
      <Stack gap="md">
        <PageTitle>{t('billing.statement.heading')}</PageTitle>
        <NotFoundAlert title={t('billing.public.invalid')}>{t('billing.public.invalidHint')}</NotFoundAlert>
      </Stack>
    );
  }
  if (statement.isPending) return <PageLoader />;
  // a refresh that fails keeps the statement on screen; only a first load that fails says why
  if (!statement.data) {
    return (
      <Stack gap="md">
        <PageTitle>{t('billing.statement.heading')}</PageTitle>
        <FailedAlert error={statement.error} />
      </Stack>
    );
  }
  return (
    <div className={classes.statement}>
      <StatementHeading statement={statement.data} pdf={guestPdf(token)} />
      <StatementView statement={statement.data} />
    </div>
  );
}
