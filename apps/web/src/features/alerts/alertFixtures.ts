import type { AlertDetail } from '@portal/contract';

/** An alert as the list answers it: an open missing meter at Pine Lake (Phoenix, UTC-7). */
export function alertRow(alertID: number, overrides: Partial<AlertDetail> = {}): AlertDetail {
  return {
    alertID,
    kind: 'missingDevice',
    type: 'missingMeter',
    severity: 'critical',
    state: 'open',
    params: {
      meter: `E00000${alertID}`,
      site: 'Pine Lake',
      location: `Site ${alertID}`,
      since: '2026-11-05T18:00:00Z',
    },
    siteID: 3,
    timeZone: 'America/Phoenix',
    locationID: 100 + alertID,
    servicePointID: 200 + alertID,
    acknowledgedAt: null,
    acknowledgedBy: null,
    note: null,
    resolvedAt: null,
    resolvedBy: null,
    resolutionNote: null,
    createdAt: '2026-11-05T18:30:00.000Z',
    ...overrides,
  };
}
