import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dynamicExcelQuery,
  locationDescriptionOption,
  locationSearchQuery,
  reportFileName,
  reportRecords,
  reportRecordsQuery,
  reportsLookupQuery,
  reportType,
} from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { propertyStaff } from '../auth/access';
import { writeReportXlsx } from './excel';
import { searchDescriptions } from './queries';
import * as reports from './service';

const tags = ['Reports'];

export default async function reportRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/Report/ReportsLookup',
    summary: 'Report types of the Property Reports dialog, by display order',
    tags,
    access: propertyStaff,
    query: reportsLookupQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(reportType),
    handler: ({ deps }) => reports.lookup(deps.db),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Report/SearchLocationDescriptions',
    summary: 'Location descriptions of a property containing the text (the report dialog’s location search)',
    tags,
    access: propertyStaff,
    query: locationSearchQuery,
    scope: { 'query.siteID': 'site' },
    result: z.array(locationDescriptionOption),
    handler: ({ deps, query }) => searchDescriptions(deps.db, query.siteID, query.search),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Report/ReportRecords',
    summary: 'Runs a registered report over a period given in the property’s local time',
    tags,
    access: propertyStaff,
    rateLimit: 60,
    query: reportRecordsQuery,
    scope: { 'query.SiteID': 'site' },
    result: reportRecords,
    handler: async ({ deps, query, scoped }) => {
      const prepared = await reports.prepare(deps.db, scoped['query.SiteID'], {
        reportId: query.ReportID,
        name: query.StoredProcedureCalled,
        start: query.PeriodStartDate,
        end: query.EndDate,
        locationDescription: query.LocationDescription,
      });
      return reports.records(deps.db, prepared);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/Report/GetDynamicExcel',
    summary: 'A report as an .xlsx file (Report_{start}_To_{end}.xlsx), streamed',
    tags,
    access: propertyStaff,
    rateLimit: 20,
    raw: true,
    query: dynamicExcelQuery,
    scope: { 'query.SiteID': 'site' },
    result: z.null(),
    handler: async ({ deps, query, reply, req, scoped }) => {
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
    },
  });
}
