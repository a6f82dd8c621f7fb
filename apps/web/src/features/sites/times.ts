import { TIME_STEP_MINUTES } from '@portal/contract';

/** Every time of day on the 15-minute step, 'HH:mm' from 00:00 to 23:45. */
export const timeOptions: readonly string[] = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, i) => {
  const minutes = i * TIME_STEP_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** The day end after a new day start: a start later than the end moves the end up to it. */
export function dayEndAfter(dayStart: string, dayEnd: string | undefined): string | undefined {
  return dayEnd !== undefined && dayEnd < dayStart ? dayStart : dayEnd;
}

/** The choices of Day End: none before Day Start. */
export function dayEndOptions(dayStart: string | undefined): readonly string[] {
  return dayStart ? timeOptions.filter((time) => time >= dayStart) : timeOptions;
}

/** Monday = 1 … Sunday = 7, named in the user's language. */
export function weekdayOptions(language: string): Array<{ value: string; label: string }> {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    value: String(day),
    label: format.format(new Date(Date.UTC(2024, 0, day))),
  }));
}
