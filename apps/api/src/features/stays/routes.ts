import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  checkInRequest,
  checkOutQuery,
  currentStay,
  locationIdQuery,
  guestRow,
  guestSearchQuery,
  retryRequest,
  stayResult,
  updateCapabilitiesRequest,
  type MessageCode,
} from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { propertyStaff } from '../auth/access';
import * as stays from './service';

const tags = ['Check-in and check-out'];

/** 200 when the meters confirmed in time; 410 (saved, remote device operation pending) otherwise. */
const answer = (o: stays.Outcome, done: MessageCode, pending: MessageCode) =>
  new Answer(
    { stayID: o.stayId ?? 0, messageIds: o.messageIds },
    o.confirmed ? 200 : 410,
    o.confirmed ? done : pending,
  );

export default async function stayRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/CheckinLocationServicePointCapabilities',
    summary: 'Check a guest in and switch the services on (410 when the meters have not confirmed in time)',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: checkInRequest,
    // servicePointID is the specification's; a meter named there must be the caller's too
    scope: { 'body.locationID': 'location', 'body.servicePointID': 'meter' },
    result: stayResult,
    handler: async ({ deps, req, user, body, scoped }) =>
      answer(await stays.checkIn(deps, req, user, scoped['body.locationID'], body), 'checkInSuccess', 'checkInPending'),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/CheckOutLocationServicePointCapabilities',
    summary: 'Check a guest out: close the stay with its usage and switch the services off',
    tags,
    access: propertyStaff,
    idempotent: true,
    query: checkOutQuery,
    scope: { 'query.locationID': 'location' },
    result: stayResult,
    handler: async ({ deps, req, user, scoped }) =>
      answer(await stays.checkOut(deps, req, user, scoped['query.locationID']), 'checkOutSuccess', 'checkOutPending'),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetCurrentStayByLocationID',
    summary: 'The open stay of a location: its guest, and each meter with its opening reading and usage so far',
    tags,
    access: propertyStaff,
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: currentStay,
    handler: ({ deps, query }) => stays.currentStayOf(deps, query.locationID),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/UpdateLocationServicePointCapabilities',
    summary: 'Edit a location with its services, availability and (when checked in) the stay',
    tags,
    access: propertyStaff,
    body: updateCapabilitiesRequest,
    // servicePointID is the specification's; a meter named there must be the caller's too
    scope: { 'body.locationID': 'location', 'body.servicePointID': 'meter' },
    result: stayResult,
    handler: async ({ deps, req, user, body, scoped }) =>
      answer(
        await stays.updateWithServices(deps, req, user, scoped['body.locationID'], body),
        'locationUpdated',
        'locationUpdatePending',
      ),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/ServicePoint/RetryLatestCapabilitiesRelayStates',
    summary: 'Send again the commands of a location that failed or got no answer',
    tags,
    access: propertyStaff,
    idempotent: true,
    body: retryRequest,
    scope: { 'body.locationID': 'location' },
    result: stayResult,
    handler: async ({ deps, req, body }) =>
      answer(await stays.retryRelays(deps, req, body.locationID), 'deviceSuccess', 'retryPending'),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Guest/GetGuests',
    summary: 'Guests whose phone number starts with the text (3 characters or more)',
    tags,
    access: propertyStaff,
    query: guestSearchQuery,
    result: z.array(guestRow),
    handler: ({ deps, user, query }) => stays.findGuests(deps, user, query.search),
  });
}
