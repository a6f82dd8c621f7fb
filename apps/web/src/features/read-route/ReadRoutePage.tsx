import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { SiteWithStats } from '@portal/contract';
import { useNetwork } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { PropertyScreen } from '../../ui/PropertyScreen';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { RouteOrder } from './components/RouteOrder';
import { StopCard } from './components/StopCard';
import { useDecideRefused, useEnterReading, useQueuedReadings, useReadRoute, useSendQueued } from './hooks';
import { newIdempotencyKey } from '../../lib/api';
import { QUEUE_LIMIT, type ReadingBody } from './queue';
import { dayStart, progressOf, stopStates } from './route';

/** /ReadingRoute/:siteId: a property's meters to read by hand, on a phone, online or not. */
export function ReadRoutePage() {
  const { t } = useTranslation();
  return (
    <PropertyScreen page={t('readRoute.title')} below>
      {(site) => (
        <>
          <PageTitle>{t('readRoute.heading', { property: site.sitePublicName })}</PageTitle>
          <RouteStops key={site.siteID} site={site} />
        </>
      )}
    </PropertyScreen>
  );
}

function RouteStops({ site }: { site: SiteWithStats }) {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const route = useReadRoute(site.siteID);
  const queued = useQueuedReadings(site.siteID);
  const sending = useSendQueued(site.siteID);
  const enter = useEnterReading(site.siteID);
  const decide = useDecideRefused(site.siteID);
  const [ordering, setOrdering] = useState(false);

  const onEnter = async (servicePointID: number, body: ReadingBody) => {
    const kept = await enter.mutateAsync({
      key: newIdempotencyKey(),
      siteID: site.siteID,
      servicePointID,
      body,
      enteredAt: new Date().toISOString(),
      refusal: null,
    });
    if (!kept) toast.error(t('readRoute.queueFull', { count: QUEUE_LIMIT.readings }));
    else sending.mutate();
  };

  return (
    <Stack gap="sm" maw={480}>
      {!online && (
        <Alert color="yellow" variant="light" role="status">
          {t('readRoute.offline')}
        </Alert>
      )}
      <QueryState
        query={route}
        loading={{ height: 160, count: 3 }}
        failed={t('readRoute.loadFailed')}
        empty={<EmptyState title={t('readRoute.emptyTitle')} text={t('readRoute.emptyText')} />}
      >
        {(stops) => {
          if (ordering) return <RouteOrder siteID={site.siteID} stops={stops} onDone={() => setOrdering(false)} />;
          const states = stopStates(stops, queued.data ?? [], dayStart(new Date(), site.timeZone));
          const { read, total } = progressOf(states);
          return (
            <>
              <Group justify="space-between">
                <Text fw={600} aria-live="polite">
                  {t('readRoute.progress', { read, total })}
                </Text>
                <Button variant="subtle" size="xs" onClick={() => setOrdering(true)}>
                  {t('readRoute.reorder')}
                </Button>
              </Group>
              <Progress value={(read / total) * 100} aria-label={t('readRoute.progress', { read, total })} />
              <Stack component="ol" gap="sm" p={0} style={{ listStyle: 'none' }}>
                {stops.map((stop) => (
                  <StopCard
                    key={stop.servicePointID}
                    stop={stop}
                    state={states.get(stop.servicePointID) ?? { kind: 'toRead' }}
                    timeZone={site.timeZone}
                    onEnter={(body) => onEnter(stop.servicePointID, body)}
                    onDecide={(key, body) => decide.mutate({ key, body }, { onSuccess: () => sending.mutate() })}
                  />
                ))}
              </Stack>
            </>
          );
        }}
      </QueryState>
    </Stack>
  );
}
