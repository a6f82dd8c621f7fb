import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { Answer, defineRoute } from '../../access/route';
import * as meters from './service';
import * as handReads from './hand-reads';
import { reviseStaysOfMeter } from '../billing';
import { notFound } from '../../lib/errors';
import { importReadings } from './import';

export default async function meterRoutes(app: FastifyInstance) {
  defineRoute(app, api.meters.stockOptions, ({ caller }) => meters.stockOptions(caller.db));

  defineRoute(app, api.meters.assignable, ({ caller, scoped }) => meters.assignable(caller.db, scoped['query.siteID']));

  defineRoute(app, api.meters.assign, async ({ caller, body }) => {
    await meters.assignMeters(caller, [body]);
    return new Answer(null, 200, 'meterAdded');
  });

  defineRoute(app, api.meters.assignMany, async ({ caller, body }) => {
    await meters.assignMeters(caller, body);
    return new Answer(null, 200, 'metersAssigned');
  });

  defineRoute(app, api.meters.unassign, async ({ caller, body, scoped }) => {
    await meters.removeMeter(caller, scoped['body.fk_LocationID'], body);
    return new Answer(null, 200, 'meterRemoved');
  });

  defineRoute(app, api.meters.addReading, async ({ caller, body }) => {
    const { answer, reset, replaced } = await handReads.addManualReading(caller, body);
    if (replaced !== null) await reviseStaysOfMeter(caller, replaced);
    const message = answer.overrideConfirmation ? 'readingLowerConfirm' : reset ? 'readingUpdated' : 'readingRecorded';
    return new Answer(answer, 200, message);
  });

  defineRoute(app, api.meters.setMonitoring, async ({ caller, body }) => {
    await meters.setMonitoring(caller, [body]);
    return new Answer(null, 200, 'monitoringUpdated');
  });

  defineRoute(app, api.meters.setMonitoringMany, async ({ caller, body }) => {
    await meters.setMonitoring(caller, body);
    return new Answer(null, 200, 'monitoringUpdated');
  });

  defineRoute(app, api.meters.inventory, ({ caller, query }) =>
    meters.inventory(caller.db, query.search, query.page, query.pageSize),
  );

  defineRoute(app, api.meters.create, async ({ caller, body }) => meters.createMeter(caller, body));

  defineRoute(app, api.meters.setMaxRate, async ({ caller, body, scoped }) => {
    await meters.setMaxRate(caller, scoped['body.servicePointID'], body.maxRatePerHour);
    return new Answer(null, 200, 'meterRateSaved');
  });

  defineRoute(app, api.meters.readRoute, ({ caller, scoped }) =>
    handReads.readRoute(caller.db, scoped['query.siteID'], caller.now()),
  );

  defineRoute(app, api.meters.readingPhoto, async ({ caller, query, reply, scoped }) => {
    const photo = await handReads.readingPhoto(
      caller.db,
      scoped['query.servicePointID'].servicePointId,
      new Date(query.at),
    );
    if (!photo) throw notFound('photo');
    void reply.header('cache-control', 'private, max-age=86400').type(photo.contentType).send(photo.bytes);
  });

  defineRoute(app, api.meters.saveReadRoute, async ({ caller, body, scoped }) => {
    await handReads.saveReadRoute(caller, scoped['body.siteID'], body.locationIDs);
    return new Answer(null, 200, 'readRouteSaved');
  });

  defineRoute(app, api.meters.importReadings, async ({ caller, body, query, scoped, progress }) => {
    const { dryRun, mode } = query;
    const report = await importReadings(caller, scoped['query.siteID'], body, { dryRun, mode, progress });
    if (dryRun) return report;
    return report.accepted || !report.refused.length
      ? new Answer(report, 200, 'readingsImported', { accepted: report.accepted })
      : new Answer(report, 200, 'readingsNotImported', { refused: report.refused.length });
  });
}
