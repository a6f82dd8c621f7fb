import type { FastifyInstance } from 'fastify';
import { siteByIdQuery, siteSetting, siteSettingRequest } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import { propertyStaff } from '../auth/access';
import * as settings from './settings';

const tags = ['Properties'];

/** The Property Settings modal: Administrator, or the Site Owner of the property. */
export default function registerSiteSettingRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/Site/GetSiteSetting',
    summary: "A property's rates, day start and end, and week start (the defaults until first saved)",
    tags,
    access: propertyStaff,
    query: siteByIdQuery,
    result: siteSetting,
    handler: ({ deps, user, query }) => settings.getSettings(deps, user, query.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/site/UpsertSiteSetting',
    summary: "Save a property's settings",
    tags,
    access: propertyStaff,
    body: siteSettingRequest,
    result: siteSetting,
    handler: async ({ deps, req, user, body }) =>
      new Answer(await settings.saveSettings(deps, req, user, body), 200, 'settingsUpdated'),
  });
}
