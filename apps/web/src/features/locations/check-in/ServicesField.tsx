import { Badge, Button, Checkbox, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ServiceBox, type ServiceValue, allState, editable, setAll } from './services';

type Props = {
  boxes: readonly ServiceBox[];
  value: readonly ServiceValue[];
  onChange: (value: ServiceValue[]) => void;
  available: boolean;
  onRetry?: () => void;
  retrying?: boolean;
};

/** Services: a checkbox a relay, grouped by meter, with All On/Off. */
export function ServicesField({ boxes, value, onChange, available, onRetry, retrying }: Props) {
  const { t } = useTranslation();
  const on = new Map(value.map((v) => [v.id, v.on]));
  const all = allState(boxes, value, available);
  const meters = [...new Set(boxes.map((b) => b.meter))];
  const anyFailed = boxes.some((b) => b.blocked === 'failed');

  return (
    <Fieldset legend={t('checkIn.services')} variant="filled" p="sm">
      <Stack gap="xs">
        <Checkbox
          label={t('checkIn.allOnOff')}
          checked={all === 'on'}
          indeterminate={all === 'mixed'}
          disabled={all === 'none'}
          onChange={(e) => onChange(setAll(boxes, value, e.currentTarget.checked, available))}
        />
        {meters.map((meter) => (
          <Stack key={meter} gap={4} pl="sm">
            <Text size="xs" c="dimmed" fw={600}>
              {meter}
            </Text>
            {boxes
              .filter((b) => b.meter === meter)
              .map((b) => (
                <Group key={b.id} gap="xs">
                  <Checkbox
                    label={t('checkIn.serviceOf', { service: b.name, meter: b.meter })}
                    checked={on.get(b.id) ?? false}
                    disabled={!editable(b, available)}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      onChange(value.map((v) => (v.id === b.id ? { ...v, on: checked } : v)));
                    }}
                  />
                  {b.blocked && (
                    <Badge
                      size="xs"
                      color={b.blocked === 'pending' ? 'yellow' : 'red'}
                      variant="dot"
                      title={b.response ?? undefined}
                    >
                      {b.response ?? t(`devices.state.${b.blocked}`)}
                    </Badge>
                  )}
                  {b.forced && (
                    <Text size="xs" c="dimmed">
                      {t('checkIn.forcedOn')}
                    </Text>
                  )}
                </Group>
              ))}
          </Stack>
        ))}
        {anyFailed && onRetry && (
          <Group>
            <Button size="compact-sm" variant="light" onClick={onRetry} loading={retrying}>
              {t('checkIn.retryFailed')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
