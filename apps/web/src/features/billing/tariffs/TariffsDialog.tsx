import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { useTariffs } from '../hooks';
import { TariffForm } from './TariffForm';
import { TariffList } from './TariffList';

type Site = { siteID: number; sitePublicName: string; timeZone: string };

/**
 * Tariffs of a property (its actions menu; Administrator and Site Owner): the versions, newest
 * first, and a form for a new one. A stay is priced by the version in effect at its check-in.
 */
export function TariffsDialog({ site, onClose }: { site: Site; onClose: () => void }) {
  const { t } = useTranslation();
  const tariffs = useTariffs(site.siteID);
  const [adding, setAdding] = useState(false);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('billing.tariffs.title', { name: site.sitePublicName })}
      size="xl"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('billing.tariffs.intro', { zone: site.timeZone })}
        </Text>
        {tariffs.isPending ? (
          <Stack gap="sm" role="status" aria-label={t('common.loading')}>
            <Skeleton height={120} />
            <Skeleton height={120} />
          </Stack>
        ) : tariffs.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('billing.tariffs.loadFailed')}>
            {errorMessage(t, tariffs.error)}
          </Alert>
        ) : adding ? (
          <TariffForm
            site={site}
            newest={tariffs.data[0]}
            onCancel={() => setAdding(false)}
            onSaved={() => setAdding(false)}
          />
        ) : (
          <>
            <Group justify="flex-end">
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
                {t('billing.tariffs.add')}
              </Button>
            </Group>
            <TariffList versions={tariffs.data} timeZone={site.timeZone} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
