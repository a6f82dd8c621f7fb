import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import type { DialogProps } from '../dialogs/dialogProps';
import { useCurrentStay } from '../hooks';
import { hasSoloDevice } from '../rows';
import { BasicEditDialog } from './BasicEditDialog';
import { ServicesDialog } from './ServicesDialog';

/** Check In (screen 11): the stay's automatic check-out, services, availability and guest. */
export function CheckInDialog(props: DialogProps) {
  return <ServicesDialog {...props} checkIn guest={null} />;
}

/**
 * Manage Location: with switchable services the full form (services, availability, and
 * the stay when a guest is in); without, the location's fields only; with a cube or data
 * collector the limited variant (description and billing account number).
 */
export function EditLocationDialog(props: DialogProps) {
  const hasServices = props.row.servicePoints.some((sp) => sp.servicePointCapabilities.length > 0);
  if (hasSoloDevice(props.row)) return <BasicEditDialog {...props} limited />;
  if (!hasServices) return <BasicEditDialog {...props} limited={false} />;
  if (props.row.isCheckedInState) return <EditStayDialog {...props} />;
  return <ServicesDialog {...props} checkIn={false} guest={null} />;
}

/**
 * A checked-in location: the form opens with the open stay's guest, loaded first, so that
 * nothing typed into blank fields can replace the guest by mistake.
 */
function EditStayDialog(props: DialogProps) {
  const { t } = useTranslation();
  const stay = useCurrentStay(props.row.locationID);
  if (stay.data !== undefined) return <ServicesDialog {...props} checkIn={false} guest={stay.data?.guest ?? null} />;
  return (
    <ResponsiveModal
      onClose={props.onClose}
      size="lg"
      title={t('checkIn.editTitle', { location: props.row.locationDescription })}
    >
      {stay.isError ? (
        <Alert color="red" role="alert" title={t('msg.locationUpdateFailed')}>
          {errorMessage(t, stay.error)}
        </Alert>
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={120} />
        </Stack>
      )}
    </ResponsiveModal>
  );
}
