import { useTranslation } from 'react-i18next';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(language: string, timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${language} ${timeZone} ${seconds}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      timeZoneName: 'short',
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A UTC instant as text in the property's time zone, the zone named: "Nov 5, 2026, 11:00 AM MST".
 * Every time of day the app shows goes through here, so that none is read in the wrong zone.
 */
export function propertyTimeText(
  iso: string,
  timeZone: string,
  language: string,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  return formatOf(language, timeZone, seconds).format(new Date(iso));
}

/** The browser's own time zone: for times that belong to no property (a meter in stock, the public meter page). */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A UTC instant in the property's time zone, the zone named: "Nov 5, 2026, 11:00 AM MST". */
export function PropertyTime({ iso, timeZone }: { iso: string | null; timeZone: string }) {
  const { i18n } = useTranslation();
  if (!iso) return <>-----</>;
  return <time dateTime={iso}>{propertyTimeText(iso, timeZone, i18n.language)}</time>;
}
