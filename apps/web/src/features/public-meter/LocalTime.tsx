import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, propertyTimeText } from '../../ui/PropertyTime';

/** A UTC instant shown in the browser's local time, the zone named, the UTC time in a tooltip (spec: times in local time). */
export function LocalTime({ iso }: { iso: string | null }) {
  const { t, i18n } = useTranslation();
  if (!iso) return <>-----</>;
  const date = new Date(iso);
  const local = propertyTimeText(iso, browserTimeZone(), i18n.language, { seconds: true });
  const utc = date.toISOString().replace('T', ' ').slice(0, 19);
  return (
    <Tooltip label={t('publicMeter.utc', { time: utc })} withArrow>
      <time dateTime={iso} tabIndex={0} title={undefined}>
        {local}
      </time>
    </Tooltip>
  );
}
