/**
 * Dashboard queries start with 'dashboard', so that live updates can refresh them together.
 * Apart from the hooks: the live hub needs only the keys, and the hooks bring the schemas (zod).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  realtime: ['dashboard', 'realtime'] as const,
  alerts: ['dashboard', 'alerts'] as const,
  counts: ['dashboard', 'counts'] as const,
  usage: ['dashboard', 'usage'] as const,
};
