import { Button, Group, Menu, NativeSelect, Paper, Text } from '@mantine/core';
import {
  IconArrowsExchange,
  IconChevronDown,
  IconEye,
  IconEyeOff,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SELECTION_TYPES, type SelectionType } from '@portal/contract';

type Props = {
  selected: number;
  total: number;
  type: SelectionType;
  busy: boolean;
  onType: (type: SelectionType) => void;
  onSelectAll: () => void;
  onClear: () => void;
  onSwitch: (state: 0 | 1) => void;
  onMove: () => void;
  onMonitoring: (monitored: boolean) => void;
};

/** The Administrator's toolbar for selected rows: type, '(n out of m) selected', 'Select All m', On, Off, Move Location. */
export function SelectionToolbar({
  selected,
  total,
  type,
  busy,
  onType,
  onSelectAll,
  onClear,
  onSwitch,
  onMove,
  onMonitoring,
}: Props) {
  const { t } = useTranslation();
  const none = selected === 0;
  return (
    <Paper withBorder p="xs" radius="sm">
      <Group gap="sm" wrap="wrap">
        <NativeSelect
          size="xs"
          aria-label={t('locations.selection.type')}
          value={type}
          onChange={(e) => onType(e.currentTarget.value as SelectionType)}
          data={SELECTION_TYPES.map((value) => ({ value, label: t(`locations.selection.types.${value}`) }))}
        />
        <Text size="sm" aria-live="polite">
          {t('locations.selection.count', { selected, total })}
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={onSelectAll} disabled={total === 0 || selected === total}>
          {t('locations.selection.selectAll', { total })}
        </Button>
        {!none && (
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClear}>
            {t('locations.selection.clear')}
          </Button>
        )}
        <Group gap="xs" ml="auto">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            disabled={none}
            loading={busy}
            onClick={() => onSwitch(1)}
          >
            {t('locations.selection.on')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            disabled={none}
            loading={busy}
            onClick={() => onSwitch(0)}
          >
            {t('locations.selection.off')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconArrowsExchange size={14} aria-hidden />}
            disabled={none}
            onClick={onMove}
          >
            {t('locations.selection.move')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="default"
                rightSection={<IconChevronDown size={14} aria-hidden />}
                disabled={none}
              >
                {t('locations.selection.monitoring')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => onMonitoring(true)}>
                {t('locations.selection.monitor')}
              </Menu.Item>
              <Menu.Item leftSection={<IconEyeOff size={16} aria-hidden />} onClick={() => onMonitoring(false)}>
                {t('locations.selection.stopMonitoring')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Paper>
  );
}
