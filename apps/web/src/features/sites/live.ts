import { liveEvent, routes } from '@portal/contract';
import { featureKey } from '../../lib/api';
import { changesCounts, onLive } from '../../lib/hub/live';

/** The property lists (My Properties, the Admin Panel's) read their location counts again. */
export const sitesLive = onLive(
  [liveEvent.meterValues, liveEvent.locationChanged, liveEvent.siteChanged],
  (queryClient, events) => {
    if (events.some(changesCounts)) void queryClient.invalidateQueries({ queryKey: featureKey(routes.sites) });
  },
);
