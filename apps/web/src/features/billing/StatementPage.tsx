import { Alert, Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/apiError';
import { errorMessage } from '../../i18n/messages';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { staffPdf, useStayStatement } from './hooks';
import { GuestLink } from './statement/GuestLink';
import { Revisions } from './statement/Revisions';
import { StatementHeading } from './statement/StatementHeading';
import { Fact } from '../../ui/Fact';
import { StatementView } from './statement/StatementView';
import { ReplaceEstimate } from './statement/ReplaceEstimate';
import { ReadingPhotos } from './statement/ReadingPhotos';
import classes from './statement/Statement.module.css';

/** A stay the caller cannot see answers 404 (an Administrator) or 403 (anyone else): both are "not found" here. */
const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403);

/**
 * /Statement/:stayId: a stay's statement for the property's staff, with the guest's name, the
 * guest link (QR code, Copy, Revoke) and, once revised, its revisions (`?revision=` opens an
 * earlier one). An open stay's statement is running: it refreshes every 30 s.
 */
export function StatementPage() {
  const { t } = useTranslation();
  const stayId = Number(useParams().stayId);
  const asked = Number(useSearchParams()[0].get('revision') ?? '');
  const revision = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const valid = Number.isInteger(stayId) && stayId > 0;
  const statement = useStayStatement(valid ? stayId : 0, revision);

  if (!valid || isNotFound(statement.error)) {
    return (
      <>
        <PageTitle>{t('billing.statement.heading')}</PageTitle>
        <Alert color="yellow">{t('billing.statement.notFound')}</Alert>
      </>
    );
  }
  if (statement.isPending) return <PageLoader />;
  // a refresh that fails keeps the statement on screen; only a first load that fails says why
  if (!statement.data) {
    return (
      <>
        <PageTitle>{t('billing.statement.heading')}</PageTitle>
        <Alert color="red" role="alert">
          {errorMessage(t, statement.error)}
        </Alert>
      </>
    );
  }
  const s = statement.data;
  return (
    <div className={classes.statement}>
      <StatementHeading statement={s} pdf={staffPdf(s.stayID)} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <StatementView
            statement={s}
            facts={<Fact label={t('billing.statement.guest')}>{s.guestName ?? '—'}</Fact>}
            closingAction={(m) => (
              <>
                {s.status === 'closed' &&
                  m.closingEstimated &&
                  m.closingReadingAt !== null &&
                  revision === undefined && <ReplaceEstimate stayID={s.stayID} timeZone={s.timeZone} meter={m} />}
                <ReadingPhotos
                  photos={s.photos.filter((p) => p.servicePointID === m.servicePointID)}
                  meterName={m.meterName}
                  timeZone={s.timeZone}
                />
              </>
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <GuestLink statement={s} />
            <Revisions statement={s} />
          </Stack>
        </Grid.Col>
      </Grid>
    </div>
  );
}
