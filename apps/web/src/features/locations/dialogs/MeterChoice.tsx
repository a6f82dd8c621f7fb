import { Radio, Stack } from '@mantine/core';
import type { ServicePointRow } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** With two meters on a location, the dialog asks which one; with one, it is named. */
export function MeterChoice({
  meters,
  value,
  onChange,
}: {
  meters: readonly ServicePointRow[];
  value: number | null;
  onChange: (servicePointId: number) => void;
}) {
  const { t } = useTranslation();
  if (meters.length <= 1) return null;
  return (
    <Radio.Group
      label={t('locations.dialogs.whichMeter')}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
    >
      <Stack gap={6} mt={6}>
        {meters.map((m) => (
          <Radio
            key={m.servicePointID}
            value={String(m.servicePointID)}
            label={`${m.servicePointName} · ${m.deviceTypeDisplayName}`}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
