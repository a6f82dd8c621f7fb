import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A UTC instant shown in the browser's local time, the UTC time in a tooltip (spec: times in local time). */
export function LocalTime({ iso }: { iso: string | null }) {
  const { t, i18n } = useTranslation();
  if (!iso) return <>-----</>;
  const date = new Date(iso);
  const local = date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const utc = date.toISOString().replace('T', ' ').slice(0, 19);
  return (
    <Tooltip label={t('publicMeter.utc', { time: utc })} withArrow>
      <time dateTime={iso} tabIndex={0} title={undefined}>
        {local}
      </time>
    </Tooltip>
  );
}
