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
import { locationIdQuery, siteIdQuery } from '../locations';
import { administrators, propertyStaff } from './access';
import { call } from './call';
import { routes } from './routes';

const tags = ['Device control'];

export const devicesCalls = {
  sendCommand: call({
    ...routes.devices.sendCommand,
    summary: "Switch a meter on (1) or off (0); answers the command's message id",
    tags,
    access: propertyStaff,
    keyScope: 'relays:write',
    idempotent: true,
    body: sendControlRequest,
    scope: { 'body.servicePointId': 'meter' },
    result: sendControlResult,
  }),

  sendCommands: call({
    ...routes.devices.sendCommands,
    summary: 'Switch several meters on or off (the locations toolbar)',
    tags,
    access: administrators,
    idempotent: true,
    body: bulkSendControlRequest,
    scope: { 'body.*.servicePointId': 'meter' },
    result: z.array(sendControlResult),
  }),

  command: call({
    ...routes.devices.command,
    summary: "A meter's command by id, or its latest with messageId 0",
    tags,
    access: propertyStaff,
    keyScope: 'relays:write',
    query: controlMessageQuery,
    scope: { 'query.servicePointId': 'meter' },
    result: controlMessage,
  }),

  latestOperations: call({
    ...routes.devices.latestOperations,
    summary: 'The latest command of each meter of a location',
    tags,
    access: propertyStaff,
    keyScope: 'locations:read',
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: z.array(latestOperation),
  }),

  capabilitiesOfProperty: call({
    ...routes.devices.capabilitiesOfProperty,
    summary: 'Every relay of every meter of a property',
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(siteCapability),
  }),
};
