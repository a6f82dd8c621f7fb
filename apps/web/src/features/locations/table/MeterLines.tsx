import { ActionIcon, Badge, Switch, UnstyledButton } from '@mantine/core';
import type { LocationRow, ServicePointRow } from '@portal/contract';
import { IconPlug, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { disconnectIndicatorOn, formatUsage, isDisconnectCapable, meterHealth, relayState } from '../rows';
import type { Dispatch } from './actions';
import classes from './LocationsTable.module.css';

/*
 * The cells of a row are rendered thousands of times: they use plain elements and native
 * titles where they can, and Mantine controls only where the user acts.
 */

const RELAY_COLOR = { on: 'green', off: 'gray', pending: 'yellow', failed: 'red', none: 'gray' } as const;

function NoMeter() {
  const { t } = useTranslation();
  return <span className={classes.dimmed}>{t('locations.table.noMeter')}</span>;
}

/** Meter Serial Number(s): one line a meter. */
export function MeterNames({ row }: { row: LocationRow }) {
  const { t } = useTranslation();
  if (row.servicePoints.length === 0) return <NoMeter />;
  return row.servicePoints.map((sp) => (
    <div key={sp.servicePointID} className={classes.meterBlock}>
      <span className={classes.mono}>{sp.servicePointName}</span>
      {sp.activeInd !== 1 && (
        <Badge size="xs" color="orange" variant="dot">
          {t('locations.table.outOfService')}
        </Badge>
      )}
    </div>
  ));
}

/** The disconnecting-meter indicator: green when the last 'on' command succeeded, grey otherwise. */
function DisconnectIndicator({ meter }: { meter: ServicePointRow }) {
  const { t } = useTranslation();
  if (!isDisconnectCapable(meter)) return null;
  const on = disconnectIndicatorOn(meter);
  const label = on ? t('devices.indicator.on') : t('devices.indicator.off');
  return (
    <span role="img" aria-label={label} title={label} className={classes.indicator} data-on={on}>
      <IconPlug size={16} aria-hidden />
    </span>
  );
}

/** Service: the meter type, its switch state (opens the device control panel) and Day | Week | Month | Total usage. */
export function ServiceLines({ row, dispatch, refreshing }: { row: LocationRow; dispatch: Dispatch; refreshing: boolean }) {
  const { t } = useTranslation();
  if (row.servicePoints.length === 0) return <NoMeter />;
  return (
    <div className={classes.service}>
      <div>
        {row.servicePoints.map((sp) => {
          const state = relayState(sp);
          const u = sp.usage;
          const usageTitle = t('locations.table.usageTitle', { unit: sp.unit });
          return (
            <div key={sp.servicePointID} className={classes.meterBlock}>
              <div className={classes.inline}>
                <span className={classes.strong}>{sp.deviceTypeDisplayName}</span>
                {state !== 'none' && (
                  <UnstyledButton
                    onClick={() => dispatch({ kind: 'device', row, servicePointId: sp.servicePointID })}
                    aria-label={t('devices.openPanel', { meter: sp.servicePointName, state: t(`devices.state.${state}`) })}
                    disabled={row.deleted}
                    data-relay-state={state}
                  >
                    <Badge color={RELAY_COLOR[state]} variant="dot" size="sm" className={classes.clickable}>
                      {t(`devices.state.${state}`)}
                    </Badge>
                  </UnstyledButton>
                )}
                <DisconnectIndicator meter={sp} />
              </div>
              <span className={classes.usage} title={usageTitle}>
                <span className={classes.visuallyHidden}>{usageTitle}: </span>
                {formatUsage(u?.dayUsage)} | {formatUsage(u?.weekUsage)} | {formatUsage(u?.monthUsage)} |{' '}
                {formatUsage(u?.totalUsage)} {sp.unit}
              </span>
            </div>
          );
        })}
      </div>
      <ActionIcon
        variant="subtle"
        size="sm"
        title={t('locations.table.refreshUsage')}
        aria-label={t('locations.table.refreshUsageOf', { location: row.locationDescription })}
        loading={refreshing}
        onClick={() => dispatch({ kind: 'refreshUsage', row })}
      >
        <IconRefresh size={16} aria-hidden />
      </ActionIcon>
    </div>
  );
}

/** Monitoring Status: 'Missing' or 'Good' (greyed when the meter is excluded from monitoring). */
export function HealthLines({ row }: { row: LocationRow }) {
  const { t } = useTranslation();
  return row.servicePoints.map((sp) => {
    const health = meterHealth(sp);
    return (
      <div key={sp.servicePointID} className={classes.meterBlock}>
        <Badge
          size="sm"
          color={health === 'missing' ? 'red' : health === 'good' ? 'green' : 'gray'}
          variant="dot"
          c={health === 'excluded' ? 'dimmed' : undefined}
        >
          {health === 'missing' ? t('locations.table.missing') : t('locations.table.good')}
        </Badge>
        {health === 'excluded' && <span className={classes.dimmed}>{t('locations.table.excluded')}</span>}
      </div>
    );
  });
}

/** Monitoring toggle (Administrator): one switch a meter; on means monitored. */
export function MonitoringLines({ row, dispatch }: { row: LocationRow; dispatch: Dispatch }) {
  const { t } = useTranslation();
  return row.servicePoints.map((sp) => (
    <div key={sp.servicePointID} className={classes.meterBlock}>
      <Switch
        size="sm"
        checked={!sp.excludeFromMonitoring}
        disabled={row.deleted}
        aria-label={t('locations.table.monitoringOf', { meter: sp.servicePointName })}
        onChange={(e) =>
          dispatch({ kind: 'monitoring', row, servicePointId: sp.servicePointID, monitored: e.currentTarget.checked })
        }
      />
    </div>
  ));
}
