import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import * as settings from './settings';

/** The Property Settings modal: Administrator, or the Site Owner of the property. */
export default function registerSiteSettingRoutes(app: FastifyInstance) {
  defineRoute(app, api.sites.settings, ({ caller, query }) => settings.getSettings(caller, query.id));

  defineRoute(
    app,
    api.sites.saveSettings,
    async ({ caller, body }) => new Answer(await settings.saveSettings(caller, body), 200, 'settingsUpdated'),
  );
}
