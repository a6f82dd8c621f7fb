import type { LocationRow, ServicePointRow } from '@portal/contract';
import { IconPlug, IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { i18n } from '../../../i18n';
import { lastRefusalText } from '../refusals';
import { disconnectIndicatorOn, formatUsage, isDisconnectCapable, meterHealth, relayState } from '../rows';
import type { Dispatch } from './actions';
import { DotBadge } from './DotBadge';
import classes from './LocationsTable.module.css';
import controls from './RowControls.module.css';

/*
 * The cells of a row are rendered thousands of times: plain elements and native titles,
 * with the row's translation function handed down instead of a hook in every cell.
 */

export const RELAY_COLOR = {
  on: 'green',
  off: 'gray',
  pending: 'yellow',
  failed: 'red',
  noResponse: 'orange',
  none: 'gray',
} as const;

type CellProps = { row: LocationRow; t: TFunction };

function NoMeter({ t }: { t: TFunction }) {
  return <span className={classes.dimmed}>{t('locations.table.noMeter')}</span>;
}

/** Meter Serial Number(s): one line a meter. */
export function MeterNames({ row, t }: CellProps) {
  if (row.servicePoints.length === 0) return <NoMeter t={t} />;
  return row.servicePoints.map((sp) => (
    <div key={sp.servicePointID} className={classes.meterBlock}>
      <span className={classes.mono}>{sp.servicePointName}</span>
      {sp.activeInd !== 1 && <DotBadge color="orange">{t('locations.table.outOfService')}</DotBadge>}
    </div>
  ));
}

/** The disconnecting-meter indicator: green when the last 'on' command succeeded, grey otherwise. */
function DisconnectIndicator({ meter, t }: { meter: ServicePointRow; t: TFunction }) {
  if (!isDisconnectCapable(meter)) return null;
  const on = disconnectIndicatorOn(meter);
  const label = on ? t('devices.indicator.on') : t('devices.indicator.off');
  return (
    <span role="img" aria-label={label} title={label} className={classes.indicator} data-on={on}>
      <IconPlug size={16} aria-hidden />
    </span>
  );
}

type ServiceProps = CellProps & { dispatch: Dispatch; refreshing: boolean };

/** Service: the meter type, its switch state (opens the device control panel) and Day | Week | Month | Total usage. */
export function ServiceLines({ row, t, dispatch, refreshing }: ServiceProps) {
  if (row.servicePoints.length === 0) return <NoMeter t={t} />;
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
                  <button
                    type="button"
                    className={controls.plain}
                    data-control={`device-${sp.servicePointID}`}
                    onClick={() => dispatch({ kind: 'device', row, servicePointId: sp.servicePointID })}
                    aria-label={t('devices.openPanel', {
                      meter: sp.servicePointName,
                      state: t(`devices.state.${state}`),
                    })}
                    disabled={row.deleted}
                    data-relay-state={state}
                  >
                    <DotBadge color={RELAY_COLOR[state]}>{t(`devices.state.${state}`)}</DotBadge>
                  </button>
                )}
                <DisconnectIndicator meter={sp} t={t} />
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
      <button
        type="button"
        className={controls.iconButton}
        data-size="sm"
        title={t('locations.table.refreshUsage')}
        aria-label={t('locations.table.refreshUsageOf', { location: row.locationDescription })}
        aria-busy={refreshing}
        disabled={refreshing}
        onClick={() => dispatch({ kind: 'refreshUsage', row })}
      >
        <IconRefresh size={16} aria-hidden className={refreshing ? controls.spin : undefined} />
      </button>
    </div>
  );
}

/**
 * Monitoring Status: 'Missing' or 'Good' (greyed when the meter is excluded from monitoring);
 * to an Administrator also the meter's last refused message, why and when (in the property's zone).
 */
export function HealthLines({ row, t, isAdmin, timeZone }: CellProps & { isAdmin: boolean; timeZone: string }) {
  return row.servicePoints.map((sp) => {
    const health = meterHealth(sp);
    const refused = isAdmin ? lastRefusalText(t, sp.lastRefusal, i18n.language, timeZone) : null;
    return (
      <div key={sp.servicePointID} className={classes.meterBlock}>
        <DotBadge
          color={health === 'missing' ? 'red' : health === 'good' ? 'green' : 'gray'}
          dimmed={health === 'excluded'}
        >
          {health === 'missing' ? t('locations.table.missing') : t('locations.table.good')}
        </DotBadge>
        {health === 'excluded' && <span className={classes.dimmed}>{t('locations.table.excluded')}</span>}
        {refused && (
          <div className={classes.dimmed} data-refused={sp.lastRefusal?.reason}>
            {refused}
          </div>
        )}
      </div>
    );
  });
}

/** Monitoring toggle (Administrator): one switch a meter; on means monitored. */
export function MonitoringLines({ row, t, dispatch }: CellProps & { dispatch: Dispatch }) {
  return row.servicePoints.map((sp) => (
    <div key={sp.servicePointID} className={classes.meterBlock}>
      <input
        type="checkbox"
        role="switch"
        className={controls.switch}
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
