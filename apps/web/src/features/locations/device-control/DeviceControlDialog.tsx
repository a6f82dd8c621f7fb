import { Alert, Badge, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { ResponsiveModal } from '../../../ui/ResponsiveModal';
import { disconnectIndicatorOn, isDisconnectCapable, relayState } from '../rows';
import type { DialogProps } from '../dialogs/dialogProps';
import { RELAY_COLOR } from '../table/MeterLines';
import { COOLDOWN_MS } from './cooldown';
import { useDeviceControl } from './useDeviceControl';
import { propertyTimeText } from '../../../ui/PropertyTime';

/** The device control panel of one meter (screen 15): Retry OFF / Retry ON with the cooldown and its result. */
export function DeviceControlDialog({ site, row, onClose, servicePointId }: DialogProps & { servicePointId: number }) {
  const { t, i18n } = useTranslation();
  const meter = row.servicePoints.find((sp) => sp.servicePointID === servicePointId);
  // The row follows the server live: pending while a command is out, then on, off, failed or no response.
  const state = meter ? relayState(meter) : 'none';
  const control = useDeviceControl(site.siteID, row.locationID, servicePointId);
  if (!meter) return null;

  const last = control.latest.data ?? null;
  const cooling = control.secondsLeft > 0;
  const onOff = (s: number) => (s === 1 ? t('devices.on') : t('devices.off'));

  return (
    <ResponsiveModal
      onClose={onClose}
      title={t('devices.title', { meter: meter.servicePointName, location: row.locationDescription })}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm">{t('devices.state.label')}:</Text>
          <Badge color={RELAY_COLOR[state]} variant="dot" data-relay-state={state}>
            {t(`devices.state.${state}`)}
          </Badge>
          {isDisconnectCapable(meter) && (
            <Badge color={disconnectIndicatorOn(meter) ? 'green' : 'gray'} variant="dot">
              {disconnectIndicatorOn(meter) ? t('devices.indicator.on') : t('devices.indicator.off')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {meter.servicePointCapabilities.map((c) => `${c.capability.displayName}: ${onOff(c.status)}`).join(' · ')}
        </Text>
        {control.latest.isPending ? (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ) : last ? (
          <Text size="sm">
            {t('devices.lastCommand', {
              state: onOff(last.requestedState),
              result:
                last.resultCode === null
                  ? last.state === 'timed_out'
                    ? t('msg.deviceNoResponse')
                    : t('devices.waiting')
                  : last.resultCode === 0
                    ? t('devices.succeeded')
                    : t('devices.failedCode', { code: last.resultCode }),
              at: last.responseReceivedDate
                ? propertyTimeText(last.responseReceivedDate, site.timeZone, i18n.language, { seconds: true })
                : '—',
            })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('devices.noCommand')}
          </Text>
        )}
        {cooling && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              {t('devices.cooldown', { seconds: control.secondsLeft, state: onOff(control.command?.requested ?? 0) })}
            </Text>
            <Progress
              value={(control.secondsLeft * 1000 * 100) / COOLDOWN_MS}
              aria-label={t('devices.cooldownLabel')}
              size="sm"
            />
          </Stack>
        )}
        <div aria-live="polite">
          {control.outcome?.kind === 'success' && <Alert color="green">{t('msg.deviceSuccess')}</Alert>}
          {control.outcome?.kind === 'error' && (
            <Alert color="red">{t('msg.deviceError', { code: control.outcome.code })}</Alert>
          )}
          {control.outcome?.kind === 'noResponse' && <Alert color="orange">{t('msg.deviceNoResponse')}</Alert>}
          {control.sendError && <Alert color="red">{errorMessage(t, control.sendError)}</Alert>}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            disabled={cooling || row.deleted}
            loading={control.sending}
            onClick={() => control.retry(0)}
          >
            {t('devices.retryOff')}
          </Button>
          <Button
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            disabled={cooling || row.deleted}
            loading={control.sending}
            onClick={() => control.retry(1)}
          >
            {t('devices.retryOn')}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
