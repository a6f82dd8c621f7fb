import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PropertyDialog } from '../../../ui/PropertyDialog';
import { QueryState } from '../../../ui/QueryState';
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
    <PropertyDialog
      onClose={onClose}
      title={t('billing.tariffs.title', { name: site.sitePublicName })}
      size="xl"
      intro={t('billing.tariffs.intro', { zone: site.timeZone })}
    >
      <QueryState query={tariffs} loading={{ height: 120, count: 2 }} failed={t('billing.tariffs.loadFailed')}>
        {(versions) =>
          adding ? (
            <TariffForm
              site={site}
              newest={versions[0]}
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
              <TariffList versions={versions} timeZone={site.timeZone} />
            </>
          )
        }
      </QueryState>
    </PropertyDialog>
  );
}
