import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { api, reportFileName } from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { writeReportXlsx } from './excel';
import { searchDescriptions } from './queries';
import * as reports from './service';

export default async function reportRoutes(app: FastifyInstance) {
  defineRoute(app, api.reports.types, ({ deps }) => reports.lookup(deps.db));

  defineRoute(app, api.reports.descriptions, ({ deps, query }) =>
    searchDescriptions(deps.db, query.siteID, query.search),
  );

  defineRoute(app, api.reports.records, async ({ deps, query, scoped }) => {
    const prepared = await reports.prepare(deps.db, scoped['query.SiteID'], {
      reportId: query.ReportID,
      name: query.StoredProcedureCalled,
      start: query.PeriodStartDate,
      end: query.EndDate,
      locationDescription: query.LocationDescription,
    });
    return reports.records(deps.db, prepared);
  });

  defineRoute(app, api.reports.excel, async ({ deps, query, reply, req, scoped }) => {
    const prepared = await reports.prepare(deps.db, scoped['query.SiteID'], {
      reportId: query.ReportID,
      name: query.StoredProcedureCalled,
      start: `${query.ReportStartDate.slice(0, 10)} ${query.ReportStartTime}`,
      end: `${query.ReportEndDate.slice(0, 10)} ${query.ReportEndTime}`,
      locationDescription: query.LocationDes,
    });
    const { start } = prepared.params;
    const title = `${prepared.siteName} - ${prepared.reportName} - ${start} to ${query.ReportEndDate.slice(0, 10)} ${query.ReportEndTime.slice(0, 5)}`;
    const out = new PassThrough();
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="${reportFileName(query.ReportStartDate, query.ReportEndDate)}"`,
      )
      .header('cache-control', 'no-store');
    void reply.send(out);
    try {
      await writeReportXlsx(out, title, prepared.def.columns, (write) =>
        reports.recordBatches(deps.db, prepared, write),
      );
    } catch (error) {
      // the headers are gone: end the download broken rather than leave it hanging
      req.log.error({ err: error }, 'report export failed while streaming');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
