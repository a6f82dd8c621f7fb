import type { FastifyInstance } from 'fastify';
import { api, type MessageCode, messageText } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as stays from './service';

/** 200 when the meters confirmed in time; 410 (saved, remote device operation pending) otherwise. */
const answer = (o: stays.Outcome, done: MessageCode, pending: MessageCode) =>
  new Answer(
    { stayID: o.stayId ?? 0, messageIds: o.messageIds },
    o.confirmed ? 200 : 410,
    messageText(o.confirmed ? done : pending),
  );

export default async function stayRoutes(app: FastifyInstance) {
  defineRoute(app, api.stays.checkIn, async ({ deps, req, user, body, scoped }) =>
    answer(await stays.checkIn(deps, req, user, scoped['body.locationID'], body), 'checkInSuccess', 'checkInPending'),
  );

  defineRoute(app, api.stays.checkOut, async ({ deps, req, user, scoped }) =>
    answer(await stays.checkOut(deps, req, user, scoped['query.locationID']), 'checkOutSuccess', 'checkOutPending'),
  );

  defineRoute(app, api.stays.current, ({ deps, query }) => stays.currentStayOf(deps, query.locationID));

  defineRoute(app, api.stays.editWithServices, async ({ deps, req, user, body, scoped }) =>
    answer(
      await stays.updateWithServices(deps, req, user, scoped['body.locationID'], body),
      'locationUpdated',
      'locationUpdatePending',
    ),
  );

  defineRoute(app, api.stays.retryRelays, async ({ deps, req, body }) =>
    answer(await stays.retryRelays(deps, req, body.locationID), 'deviceSuccess', 'retryPending'),
  );

  defineRoute(app, api.stays.guests, ({ deps, user, query }) => stays.findGuests(deps, user, query.search));
}
