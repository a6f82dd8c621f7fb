import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  completedStaysBody,
  completedStaysQuery,
  DEFAULT_DATE_RANGE_FILTER,
  Permission,
  stayTransactions,
  transactionsExportRequest,
  transactionsFileName,
} from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { transactionsCsv, writeTransactionsXlsx } from './export';
import * as transactions from './service';

const tags = ['Transactions'];
const access = { anyOf: [Permission.ManageTransactions] } as const;

export default async function transactionRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/ServicePoint/GetActiveStayTransactionsUsageByDateRange',
    summary: 'Current Visits: open stays of the caller’s properties with usage so far',
    tags,
    access,
    result: stayTransactions,
    handler: ({ deps, user }) => transactions.current(deps.db, user),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/ServicePoint/GetCompletedStayTransactionsUsageByDateRange',
    summary: 'History: finished stays of the caller’s properties (CurrentDateRangeFilter 3, 4, 7 or 14)',
    tags,
    access,
    query: completedStaysQuery,
    result: stayTransactions,
    handler: ({ deps, user, query }) => transactions.history(deps.db, user, query.CurrentDateRangeFilter, deps.now()),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/ServicePoint/GetCompletedStayTransactionsUsageByDateRange',
    summary: 'History, with the filter in the body ({ CurrentDateRangeFilter })',
    tags,
    access,
    body: completedStaysBody,
    result: stayTransactions,
    handler: ({ deps, user, body }) =>
      transactions.history(deps.db, user, body?.CurrentDateRangeFilter ?? DEFAULT_DATE_RANGE_FILTER, deps.now()),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/ServicePoint/ExportStayTransactions',
    summary:
      'A Transactions tab as the user sees it (tab, History filter, search) as .xlsx or .csv, times in each property’s zone',
    tags,
    access,
    rateLimit: 20,
    raw: true,
    body: transactionsExportRequest,
    result: z.null(),
    handler: async ({ deps, user, body, reply, req }) => {
      const now = deps.now();
      const view = {
        tab: body.tab,
        filter: body.currentDateRangeFilter,
        search: body.search,
        automatic: body.labels.automatic,
      };
      const stays = await transactions.asShown(deps.db, user, view, now);
      const fileName = transactionsFileName(body.tab, now.toISOString().slice(0, 10), body.format);
      reply.header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
      if (body.format === 'csv') {
        void reply.type('text/csv; charset=utf-8').send(transactionsCsv(body, stays));
        return;
      }
      const out = new PassThrough();
      void reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(out);
      try {
        await writeTransactionsXlsx(out, body, stays);
      } catch (error) {
        // the headers are gone: end the download broken rather than leave it hanging
        req.log.error({ err: error }, 'transactions export failed while streaming');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
}
