import { liveEvent, routes } from '@portal/contract';
import { featureKey } from '../../lib/api';
import { onLive } from '../../lib/hub/live';

/** The Transactions screen's current visits follow check-ins and check-outs: any change of locations. */
export const transactionsLive = onLive([liveEvent.locationChanged, liveEvent.siteChanged], (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: featureKey(routes.transactions) });
});
