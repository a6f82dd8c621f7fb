import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type BusEntity, SEARCH_DEBOUNCE_MS } from '@portal/contract';
import { IconCpu, IconPlus, IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/apiError';
import { errorMessage } from '../../i18n/messages';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { PortfolioFigures } from '../dashboard';
import { SitesSkeleton, useSiteActions } from '../sites';
import { BusinessAccordion } from './components/BusinessAccordion';
import { BusinessModal } from './components/BusinessModal';
import { useBusinessesWithSites } from './hooks';
import { focusLater, openerNow } from '../../ui/focusReturn';

/**
 * Facility Owner - My Customers: the portfolio's figures, then the business entities with
 * their properties, searched by business or property name 1 s after typing stops.
 */
export function AdminPanelPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const businesses = useBusinessesWithSites(keyword);
  const { actions, addProperty, dialogs } = useSiteActions();
  const [businessDialog, setBusinessDialogState] = useState<{ business?: BusEntity } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const setBusinessDialog = (next: { business?: BusEntity }) => {
    opener.current = openerNow();
    setBusinessDialogState(next);
  };
  const closeBusinessDialog = () => {
    setBusinessDialogState(null);
    focusLater(() => opener.current);
  };
  const searching = businesses.isFetching || search.trim() !== keyword;

  return (
    <>
      <PageTitle>{t('adminPanel.title')}</PageTitle>
      <Stack gap="lg">
        <PortfolioFigures />
        <Stack gap="sm" component="section" aria-labelledby="customers-heading">
          <Text id="customers-heading" fw={650} size="lg" component="h2" m={0}>
            {t('adminPanel.customers')}
          </Text>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <TextInput
              type="search"
              aria-label={t('adminPanel.search')}
              placeholder={t('adminPanel.search')}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={searching ? <Loader size="xs" aria-hidden /> : undefined}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 260px', maxWidth: 480 }}
            />
            <Group gap="xs">
              <Button
                component={Link}
                to="/AdminPanel/meters"
                variant="light"
                leftSection={<IconCpu size={16} aria-hidden />}
              >
                {t('meters.inventory.title')}
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setBusinessDialog({})}>
                {t('adminPanel.addBusiness')}
              </Button>
            </Group>
          </Group>
          {businesses.isPending && <SitesSkeleton rows={3} />}
          {businesses.isError && (
            <Alert color="red" variant="light" title={t('msg.businessesLoadFailed')}>
              <Stack gap="xs" align="flex-start">
                {businesses.error instanceof ApiError && businesses.error.status > 0 && (
                  <Text size="sm">{errorMessage(t, businesses.error)}</Text>
                )}
                <Button size="xs" variant="white" color="red" onClick={() => void businesses.refetch()}>
                  {t('sites.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          {businesses.data?.length === 0 && (
            <EmptyState
              title={t('msg.noBusiness')}
              text={keyword ? t('adminPanel.noMatch', { keyword }) : t('adminPanel.noBusinessHint')}
            >
              {!keyword && (
                <Button variant="light" onClick={() => setBusinessDialog({})}>
                  {t('adminPanel.addBusiness')}
                </Button>
              )}
            </EmptyState>
          )}
          {businesses.data && businesses.data.length > 0 && (
            <BusinessAccordion
              businesses={businesses.data}
              keyword={keyword}
              siteActions={actions}
              onAddProperty={addProperty}
              onRename={(business) => setBusinessDialog({ business })}
            />
          )}
        </Stack>
      </Stack>
      {businessDialog && <BusinessModal business={businessDialog.business} onClose={closeBusinessDialog} />}
      {dialogs}
    </>
  );
}
