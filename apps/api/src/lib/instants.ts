/** An instant as the API writes it: ISO 8601 in UTC (the database answers a Date, or text from raw SQL). */
export const iso = (at: Date | string): string => new Date(at).toISOString();

/** `iso`, or null for none. */
export const isoOrNull = (at: Date | string | null): string | null => (at === null ? null : iso(at));
