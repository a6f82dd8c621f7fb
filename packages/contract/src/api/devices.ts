import { z } from 'zod';
import {
  bulkSendControlRequest,
  controlMessage,
  controlMessageQuery,
  latestOperation,
  sendControlRequest,
  sendControlResult,
  siteCapability,
} from '../devices';
import { administrators, locationInQuery, propertyStaff, siteInQuery } from './access';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Device control'], access: propertyStaff } as const;

export const devicesCalls = featureCalls(routes.devices, defaults, {
  sendCommand: {
    summary: "Switch a meter on (1) or off (0); answers the command's message id",
    keyScope: 'relays:write',
    idempotent: true,
    body: sendControlRequest,
    scope: { 'body.servicePointId': 'meter' },
    result: sendControlResult,
  },

  sendCommands: {
    summary: 'Switch several meters on or off (the locations toolbar)',
    access: administrators,
    idempotent: true,
    body: bulkSendControlRequest,
    scope: { 'body.*.servicePointId': 'meter' },
    result: z.array(sendControlResult),
  },

  command: {
    summary: "A meter's command by id, or its latest with messageId 0",
    keyScope: 'relays:write',
    query: controlMessageQuery,
    scope: { 'query.servicePointId': 'meter' },
    result: controlMessage,
  },

  latestOperations: {
    summary: 'The latest command of each meter of a location',
    keyScope: 'locations:read',
    ...locationInQuery,
    result: z.array(latestOperation),
  },

  capabilitiesOfProperty: {
    summary: 'Every relay of every meter of a property',
    ...siteInQuery,
    result: z.array(siteCapability),
  },
});
