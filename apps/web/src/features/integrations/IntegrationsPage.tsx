import { Alert, Select, Stack, Text } from '@mantine/core';
import { Role } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRole } from '../../lib/session/useRole';
import { PageTitle } from '../../ui/PageTitle';
import { QueryState } from '../../ui/QueryState';
import { useMe } from '../auth';
import { ApiKeysSection } from './components/ApiKeysSection';
import { WebhooksSection } from './components/WebhooksSection';
import { useBusinesses } from './hooks';

/** `?business=` names an Administrator's choice, so that a link (the property dialog's) or a reload keeps it. */
const BUSINESS_PARAM = 'business';

/**
 * Integrations: a business's API keys and its properties' webhook endpoints. A Site Owner sees their own business's; an
 * Administrator picks the business first.
 */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const isAdmin = useRole() === Role.Administrator;
  return (
    <>
      <PageTitle>{t('integrations.title')}</PageTitle>
      <Stack gap="md">
        <Text c="dimmed" maw={720}>
          {t('integrations.intro')}
        </Text>
        {isAdmin ? <AdministratorView /> : <OwnerView />}
      </Stack>
    </>
  );
}

function OwnerView() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <QueryState query={me} loading={{ height: 36, count: 3, gap: 'xs' }} failed={t('integrations.keys.loadFailed')}>
      {(account) =>
        account.busEntityID === null ? (
          <Alert color="yellow" variant="light">
            {t('integrations.noBusiness')}
          </Alert>
        ) : (
          <BusinessIntegrations businessID={account.busEntityID} />
        )
      }
    </QueryState>
  );
}

function AdministratorView() {
  const { t } = useTranslation();
  const businesses = useBusinesses(true);
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get(BUSINESS_PARAM));
  const businessID = Number.isInteger(chosen) && chosen > 0 ? chosen : null;
  const choose = (value: string | null) => setParams(value ? { [BUSINESS_PARAM]: value } : {}, { replace: true });

  return (
    <>
      <Select
        label={t('integrations.business')}
        placeholder={t('msg.selectBusinessPlaceholder')}
        data={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.value }))}
        value={businessID === null ? null : String(businessID)}
        onChange={choose}
        searchable
        nothingFoundMessage={t('msg.noData')}
        maw={420}
        error={businesses.isError ? t('msg.businessesLoadFailed') : undefined}
      />
      {businessID === null ? (
        <Text size="sm" c="dimmed" role="note">
          {t('integrations.chooseBusiness')}
        </Text>
      ) : (
        <BusinessIntegrations key={businessID} businessID={businessID} />
      )}
    </>
  );
}

/** What a business connects with: its API keys, then its properties' webhooks. */
function BusinessIntegrations({ businessID }: { businessID: number }) {
  return (
    <Stack gap="xl">
      <ApiKeysSection businessID={businessID} />
      <WebhooksSection businessID={businessID} />
    </Stack>
  );
}
