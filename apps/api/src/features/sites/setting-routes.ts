import type { FastifyInstance } from 'fastify';
import { api, messageText } from '@portal/contract';
import { Answer, defineRoute } from '../../lib/route';
import * as settings from './settings';

/** The Property Settings modal: Administrator, or the Site Owner of the property. */
export default function registerSiteSettingRoutes(app: FastifyInstance) {
  defineRoute(app, api.sites.settings, ({ deps, user, query }) => settings.getSettings(deps, user, query.id));

  defineRoute(
    app,
    api.sites.saveSettings,
    async ({ deps, req, user, body }) =>
      new Answer(await settings.saveSettings(deps, req, user, body), 200, messageText('settingsUpdated')),
  );
}
