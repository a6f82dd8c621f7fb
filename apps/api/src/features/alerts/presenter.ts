import { type AlertDetail, type AlertKind, alertKinds } from '@portal/contract';
import type { AlertListRow } from './queries';
import { isoOrNull } from '../../lib/instants';

/** An alert as data: its kind, type and severity, the names in its parameters, and its lifecycle. */
export function presentAlert(r: AlertListRow): AlertDetail {
  const kind = r.kind as AlertKind;
  return {
    alertID: r.id,
    kind,
    params: { ...r.params, meter: r.meter, location: r.location, site: r.site },
    siteID: r.site_id,
    timeZone: r.time_zone,
    createdAt: new Date(r.created_at).toISOString(),
    type: alertKinds[kind].type,
    severity: alertKinds[kind].severity,
    state: r.resolved_at !== null ? 'resolved' : r.acknowledged_at !== null ? 'acknowledged' : 'open',
    locationID: r.location_id,
    servicePointID: r.service_point_id,
    acknowledgedAt: isoOrNull(r.acknowledged_at),
    acknowledgedBy: r.acknowledged_by,
    note: r.note,
    resolvedAt: isoOrNull(r.resolved_at),
    resolvedBy: r.resolved_by,
    resolutionNote: r.resolution_note,
  };
}
