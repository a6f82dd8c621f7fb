import type { FastifyInstance } from 'fastify';
import { api, type MessageCode } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import * as stays from './service';

/** 200 when the meters confirmed in time; 410 (saved, remote device operation pending) otherwise. */
const answer = (o: stays.Outcome, done: MessageCode, pending: MessageCode) =>
  new Answer(
    { stayID: o.stayId ?? 0, messageIds: o.messageIds },
    o.confirmed ? 200 : 410,
    o.confirmed ? done : pending,
  );

export default async function stayRoutes(app: FastifyInstance) {
  defineRoute(app, api.stays.checkIn, async ({ caller, body, scoped }) =>
    answer(await stays.checkIn(caller, scoped['body.locationID'], body), 'checkInSuccess', 'checkInPending'),
  );

  defineRoute(app, api.stays.checkOut, async ({ caller, body, scoped }) =>
    answer(await stays.checkOut(caller, scoped['query.locationID'], body), 'checkOutSuccess', 'checkOutPending'),
  );

  defineRoute(app, api.stays.current, ({ caller, query }) => stays.currentStayOf(caller, query.locationID));

  defineRoute(app, api.stays.editWithServices, async ({ caller, body, scoped }) =>
    answer(
      await stays.updateWithServices(caller, scoped['body.locationID'], body),
      'locationUpdated',
      'locationUpdatePending',
    ),
  );

  defineRoute(app, api.stays.retryRelays, async ({ caller, body }) =>
    answer(await stays.retryRelays(caller, body.locationID), 'deviceSuccess', 'retryPending'),
  );

  // the Location History dialog's stays
  defineRoute(app, api.locations.history, ({ caller, query }) =>
    stays.stayHistory(caller.db, query.locationID, caller.now()),
  );

  defineRoute(app, api.stays.guests, ({ caller, query }) => stays.findGuests(caller, query.search));
}
