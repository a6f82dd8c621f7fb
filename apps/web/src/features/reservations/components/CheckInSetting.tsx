import { Button, Group, Paper, Radio, Stack, Title } from '@mantine/core';
import {
  RESERVATION_CHECK_INS,
  managesProperties,
  reservationCheckInRequest,
  type ReservationCheckIn,
} from '@portal/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldMessage, serverText } from '../../../i18n/messages';
import { useSchemaForm } from '../../../lib/schemaForm';
import { useRole } from '../../../lib/session/useRole';
import { QueryState } from '../../../ui/QueryState';
import { toast } from '../../../ui/toast';
import { useReservationSettings, useSaveReservationSettings } from '../hooks';

/**
 * When the property checks its PMS's guests in: when the PMS says they arrived, or at their
 * arrival time. An Administrator or the Site Owner changes it; a Site Manager reads it.
 */
export function CheckInSetting({ siteID }: { siteID: number }) {
  const { t } = useTranslation();
  const settings = useReservationSettings(siteID);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="reservation-check-in">
      <Title order={2} size="h4" id="reservation-check-in" mb="xs">
        {t('reservations.setting.title')}
      </Title>
      <QueryState query={settings} loading={{ height: 60 }} failed={t('reservations.setting.loadFailed')}>
        {(current) => <CheckInForm siteID={siteID} checkIn={current.checkIn} />}
      </QueryState>
    </Paper>
  );
}

function CheckInForm({ siteID, checkIn }: { siteID: number; checkIn: ReservationCheckIn }) {
  const { t } = useTranslation();
  const canEdit = managesProperties(useRole());
  const save = useSaveReservationSettings(siteID);
  const { control, handleSubmit } = useSchemaForm(reservationCheckInRequest, {
    defaultValues: { siteID, checkIn },
  });

  const onSubmit = handleSubmit((request) =>
    save.mutate(request, {
      onSuccess: (answer) => toast.success(serverText(t, answer.message, 'reservationSettingsSaved')),
      onError: (error) => toast.error(errorMessage(t, error)),
    }),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="sm">
        <Controller
          control={control}
          name="checkIn"
          render={({ field, fieldState }) => (
            <Radio.Group
              label={t('reservations.setting.label')}
              description={canEdit ? undefined : t('reservations.setting.readOnly')}
              value={field.value}
              onChange={field.onChange}
              error={fieldMessage(t, fieldState.error?.message)}
            >
              <Stack gap="xs" mt="xs">
                {RESERVATION_CHECK_INS.map((option, index) => (
                  <Radio
                    key={option}
                    value={option}
                    ref={index === 0 ? field.ref : undefined}
                    label={t(`reservations.setting.${option}`)}
                    disabled={!canEdit}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('reservations.setting.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
