import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { api } from '@portal/contract';
import { defineRoute } from '../../access/route';
import { writeReportXlsx } from './excel';
import { searchDescriptions } from './queries';
import * as reports from './service';

export default async function reportRoutes(app: FastifyInstance) {
  defineRoute(app, api.reports.types, ({ caller }) => reports.lookup(caller.db));

  defineRoute(app, api.reports.descriptions, ({ caller, query }) =>
    searchDescriptions(caller.db, query.siteID, query.search),
  );

  defineRoute(app, api.reports.records, async ({ caller, query, scoped }) => {
    const prepared = await reports.prepare(caller.db, scoped['query.SiteID'], {
      reportId: query.ReportID,
      name: query.StoredProcedureCalled,
      start: query.PeriodStartDate ?? null,
      end: query.EndDate ?? null,
      locationDescription: query.LocationDescription,
    });
    return reports.records(caller.db, prepared);
  });

  defineRoute(app, api.reports.excel, async ({ caller, query, reply, req, scoped }) => {
    const day = (date: string | undefined, time: string) =>
      date === undefined ? null : `${date.slice(0, 10)} ${time}`;
    const prepared = await reports.prepare(caller.db, scoped['query.SiteID'], {
      reportId: query.ReportID,
      name: query.StoredProcedureCalled,
      start: day(query.ReportStartDate, query.ReportStartTime),
      end: day(query.ReportEndDate, query.ReportEndTime),
      locationDescription: query.LocationDes,
    });
    const { title, fileName } = reports.excelNames(prepared, query, caller.now());
    const out = new PassThrough();
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store');
    void reply.send(out);
    try {
      await writeReportXlsx(out, title, prepared.def.columns, (write) =>
        reports.recordBatches(caller.db, prepared, write),
      );
    } catch (error) {
      // the headers are gone: end the download broken rather than leave it hanging
      req.log.error({ err: error }, 'report export failed while streaming');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
