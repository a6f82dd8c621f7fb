import { z } from 'zod';
import { retryRequest } from '../devices';
import {
  checkInRequest,
  checkOutRequest,
  currentStay,
  guestRow,
  guestSearchQuery,
  stayResult,
  updateCapabilitiesRequest,
} from '../stays';
import { locationInQuery, propertyStaff } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Check-in and check-out'], access: propertyStaff } as const;

export const staysCalls = featureCalls(routes.stays, defaults, {
  checkIn: {
    summary:
      'Check a guest in and switch the services on (410 when the meters have not confirmed in time); readings of meters read by hand or silent open the stay',
    keyScope: 'stays:write',
    idempotent: true,
    body: checkInRequest,
    // servicePointID is the specification's; a meter named there must be the caller's too
    scope: { 'body.locationID': 'location', 'body.servicePointID': 'meter', 'body.readings.*.servicePointID': 'meter' },
    result: stayResult,
  },

  checkOut: {
    summary:
      'Check a guest out: close the stay with its usage and switch the services off; readings of meters read by hand or silent close it',
    keyScope: 'stays:write',
    idempotent: true,
    ...locationInQuery,
    body: checkOutRequest,
    scope: { ...locationInQuery.scope, 'body.readings.*.servicePointID': 'meter' },
    result: stayResult,
  },

  current: {
    summary: 'The open stay of a location: its guest, and each meter with its opening reading and usage so far',
    keyScope: 'locations:read',
    ...locationInQuery,
    result: currentStay,
  },

  editWithServices: {
    summary: 'Edit a location with its services, availability and (when checked in) the stay',
    body: updateCapabilitiesRequest,
    // servicePointID is the specification's; a meter named there must be the caller's too
    scope: { 'body.locationID': 'location', 'body.servicePointID': 'meter' },
    result: stayResult,
  },

  retryRelays: {
    summary: 'Send again the commands of a location that failed or got no answer',
    keyScope: 'relays:write',
    idempotent: true,
    body: retryRequest,
    scope: { 'body.locationID': 'location' },
    result: stayResult,
  },

  guests: {
    summary: 'Guests whose phone number starts with the text (3 characters or more)',
    query: guestSearchQuery,
    result: z.array(guestRow),
  },
});
