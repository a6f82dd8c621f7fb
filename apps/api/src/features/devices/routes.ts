import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bulkSendControlRequest,
  controlMessage,
  controlMessageQuery,
  latestOperation,
  locationIdQuery,
  siteCapability,
  siteIdQuery,
  sendControlRequest,
  sendControlResult,
} from '@portal/contract';
import { notFound } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import { administrators, propertyStaff } from '../auth/access';
import { latestOperations, siteCapabilities } from './queries';
import * as devices from './service';

const tags = ['Device control'];

export default async function deviceRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'PUT',
    url: '/api/SendDeviceControlMessage',
    summary: "Switch a meter on (1) or off (0); answers the command's message id",
    tags,
    access: propertyStaff,
    idempotent: true,
    body: sendControlRequest,
    scope: { 'body.servicePointId': 'meter' },
    result: sendControlResult,
    handler: async ({ deps, req, body }) => ({ messageId: await devices.sendControl(deps, req, body) }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/BulkSendDeviceControlMessage',
    summary: 'Switch several meters on or off (the locations toolbar)',
    tags,
    access: administrators,
    idempotent: true,
    body: bulkSendControlRequest,
    scope: { 'body.*.servicePointId': 'meter' },
    result: z.array(sendControlResult),
    handler: async ({ deps, req, body }) =>
      (await devices.sendControls(deps, req, body)).map((messageId) => ({ messageId: messageId! })),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetDeviceControlMessage',
    summary: "A meter's command by id, or its latest with messageId 0",
    tags,
    access: propertyStaff,
    query: controlMessageQuery,
    scope: { 'query.servicePointId': 'meter' },
    result: controlMessage,
    handler: async ({ deps, query }) => {
      const found = await devices.controlMessage(deps.db, query.servicePointId, query.messageId);
      if (!found) throw notFound('message');
      return found;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/GetServicePointCapabilitiesLatestOperationsByLocationID',
    summary: 'The latest command of each meter of a location',
    tags,
    access: propertyStaff,
    query: locationIdQuery,
    scope: { 'query.locationID': 'location' },
    result: z.array(latestOperation),
    handler: ({ deps, query }) => latestOperations(deps.db, query.locationID),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/getServicePointCapabilitiesBySiteID',
    summary: 'Every relay of every meter of a property',
    tags,
    access: propertyStaff,
    query: siteIdQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(siteCapability),
    handler: ({ deps, query }) => siteCapabilities(deps.db, query.siteID),
  });
}
