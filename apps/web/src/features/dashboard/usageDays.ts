/** A usage day 'YYYY-MM-DD' is a calendar day of its property: formatted at UTC, so no zone shifts it. */
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The dates of the usage chart in the user's language: short on the axis, in full in the tooltip and the table. */
export function usageDayFormats(language: string): { axis: (day: string) => string; full: (day: string) => string } {
  const axis = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(language, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return { axis: (day) => axis.format(dayOf(day)), full: (day) => full.format(dayOf(day)) };
}
