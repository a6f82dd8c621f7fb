import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { readThresholds, saveThresholds } from './thresholds';

/** A property's alert thresholds: read by its staff, set by an Administrator or its Site Owner. */
export default async function alertThresholdRoutes(app: FastifyInstance) {
  defineRoute(app, api.alerts.thresholds, ({ deps, scoped }) => readThresholds(deps, scoped['query.siteID']));

  defineRoute(app, api.alerts.saveThresholds, ({ deps, req, user, body, scoped }) => {
    const { siteID: _siteID, ...values } = body;
    return saveThresholds(deps, req, user, scoped['body.siteID'], values);
  });
}
