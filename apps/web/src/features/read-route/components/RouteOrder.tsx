import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReadRouteStop } from '@portal/contract';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { useSaveRouteOrder } from '../hooks';

type Props = { siteID: number; stops: readonly ReadRouteStop[]; onDone: () => void };

/** The route's locations in their walking order, each moved up or down by a button, then saved. */
export function RouteOrder({ siteID, stops, onDone }: Props) {
  const { t } = useTranslation();
  const save = useSaveRouteOrder(siteID);
  const [order, setOrder] = useState(() => [
    ...new Map(stops.map((s) => [s.locationID, s.locationDescription])).entries(),
  ]);
  const move = (from: number, to: number) =>
    setOrder((list) => {
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
  const submit = () =>
    save.mutate(
      order.map(([id]) => id),
      { onSuccess: onDone, onError: (error) => toast.error(errorMessage(t, error)) },
    );

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('readRoute.orderIntro')}
      </Text>
      <Stack component="ol" gap={4} p={0} style={{ listStyle: 'none' }} aria-label={t('readRoute.orderTitle')}>
        {order.map(([id, description], i) => (
          <Paper component="li" key={id} withBorder p="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text>{description}</Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t('readRoute.moveUp', { location: description })}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  disabled={i === order.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t('readRoute.moveDown', { location: description })}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {t('readRoute.saveOrder')}
        </Button>
      </Group>
    </Stack>
  );
}
