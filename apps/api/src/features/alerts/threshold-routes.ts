import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../access/route';
import { readThresholds, saveThresholds } from './thresholds';

/** A property's alert thresholds: read by its staff, set by an Administrator or its Site Owner. */
export default async function alertThresholdRoutes(app: FastifyInstance) {
  defineRoute(app, api.alerts.thresholds, ({ caller, scoped }) => readThresholds(caller, scoped['query.siteID']));

  defineRoute(app, api.alerts.saveThresholds, ({ caller, body, scoped }) => {
    const { siteID: _siteID, ...values } = body;
    return saveThresholds(caller, scoped['body.siteID'], values);
  });
}
