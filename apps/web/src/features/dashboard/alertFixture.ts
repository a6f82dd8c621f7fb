import type { SystemAlert } from '@portal/contract';

/** A system alert as the dashboard reads it: a missing meter at Pine Lake (Denver). */
export const systemAlert = (over: Partial<SystemAlert> = {}): SystemAlert => ({
  alertID: 1,
  kind: 'missingDevice',
  params: { meter: 'E000001', site: 'Pine Lake', location: 'A-12', since: '2026-11-10T15:30:00Z' },
  siteID: 1,
  timeZone: 'America/Denver',
  createdAt: '2026-11-10T16:00:00Z',
  ...over,
});
