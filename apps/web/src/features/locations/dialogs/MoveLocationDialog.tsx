import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { LocationRow, LocationSelection } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../ui/confirmContext';
import { toast } from '../../../ui/toast';
import { toastFailure } from '../feedback';
import { useBusinessLookup, useMoveLocation, useMoveSelection, useSitesOfBusiness } from '../hooks';
import type { LocationsSite } from '../site';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';

type Props = {
  site: LocationsSite;
  /** The location to move, or the selected ones the table knows (none when it does not know them all). */
  rows: LocationRow[];
  /** The toolbar's selection, across pages: the server moves what it names. */
  selection?: { request: LocationSelection; count: number };
  onClose: () => void;
  onDone: (ids: number[]) => void;
};

/**
 * Move Location (screen 12), one location or the selected ones: step 1 the business,
 * step 2 a property other than this one; confirmed, all move or none.
 */
export function MoveLocationDialog({ site, rows, selection, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [business, setBusiness] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const businesses = useBusinessLookup(true);
  const sites = useSitesOfBusiness(business === null ? null : Number(business));
  const moveOne = useMoveLocation(site.siteID);
  const moveSelected = useMoveSelection(site.siteID);
  const count = selection?.count ?? rows.length;
  const many = count > 1;
  const otherSites = (sites.data ?? []).filter((s) => s.id !== site.siteID);
  const checkedIn = rows.filter((r) => r.isCheckedInState);

  const businessProblem = businesses.isError
    ? t('msg.businessFetchFailed')
    : businesses.data && businesses.data.length === 0
      ? t('msg.noBusiness')
      : null;
  const siteProblem =
    business === null
      ? null
      : sites.isError
        ? t('msg.propertiesFetchFailed')
        : sites.data && otherSites.length === 0
          ? t('msg.noSiteInBusiness')
          : null;

  const submit = async () => {
    if (!target) return;
    const ok = await confirm({
      title: t('msg.moveConfirmTitle'),
      message: many ? t('msg.moveConfirmMany') : t('msg.moveConfirmOne'),
      confirmLabel: t('locations.actions.move'),
    });
    if (!ok) return;
    const handlers = {
      onSuccess: () => {
        toast.success(many ? t('msg.locationsMoved') : t('msg.locationMoved'));
        onDone([]);
        onClose();
      },
      onError: (error: unknown) => toastFailure(t, error, 'moveUnable', 'moveFailed'),
    };
    if (selection) moveSelected.mutate({ selection: selection.request, SiteId: Number(target) }, handlers);
    else moveOne.mutate({ LocationID: rows[0]!.locationID, SiteId: Number(target) }, handlers);
  };

  return (
    <ResponsiveModal
      onClose={onClose}
      title={
        many || !rows[0]
          ? t('locations.move.titleMany', { count })
          : t('locations.move.titleOne', { location: rows[0]?.locationDescription ?? '' })
      }
    >
      <Stack>
        {many && rows.length > 0 && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {rows.map((r) => r.locationDescription).join(', ')}
          </Text>
        )}
        {checkedIn.length > 0 && <Alert color="yellow">{t('msg.moveCheckedIn')}</Alert>}
        <Select
          label={t('locations.move.business')}
          placeholder={businesses.isPending ? t('locations.move.loadingBusiness') : t('msg.selectBusinessPlaceholder')}
          data={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.value }))}
          value={business}
          onChange={(value) => {
            setBusiness(value);
            setTarget(null);
          }}
          searchable
          disabled={businesses.isPending}
          error={businessProblem}
          comboboxProps={{ withinPortal: true }}
          required
        />
        <Select
          label={t('locations.move.property')}
          placeholder={
            business !== null && sites.isPending
              ? t('locations.move.loadingProperties')
              : t('msg.selectPropertyPlaceholder')
          }
          data={otherSites.map((s) => ({ value: String(s.id), label: s.value }))}
          value={target}
          onChange={setTarget}
          searchable
          disabled={business === null || sites.isPending}
          error={siteProblem}
          comboboxProps={{ withinPortal: true }}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={!target || checkedIn.length > 0}
            loading={moveOne.isPending || moveSelected.isPending}
          >
            {t('locations.dialogs.save')}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
