/** Today's date 'YYYY-MM-DD' in the property's zone (the browser's when unknown or invalid). */
export function todayIn(timeZone?: string | null, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? undefined }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA').format(now);
  }
}
