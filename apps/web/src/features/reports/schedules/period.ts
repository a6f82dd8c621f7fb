const DAY = 86_400_000;

/** A run's period for people: its first and last local day ('2026-10-26 – 2026-11-01', or one day). */
export function periodDays(periodStart: string, periodEnd: string): { first: string; last: string } {
  const first = periodStart.slice(0, 10);
  const end = Date.parse(`${periodEnd.slice(0, 10)}T00:00:00Z`);
  const last = new Date(end - DAY).toISOString().slice(0, 10);
  return { first, last };
}
