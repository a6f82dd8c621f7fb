import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { api, DEFAULT_DATE_RANGE_FILTER, transactionsFileName } from '@portal/contract';
import { defineRoute } from '../../lib/route';
import { transactionsCsv, writeTransactionsXlsx } from './export';
import * as transactions from './service';

export default async function transactionRoutes(app: FastifyInstance) {
  defineRoute(app, api.transactions.current, ({ deps, user }) => transactions.current(deps.db, user, deps.now()));

  defineRoute(app, api.transactions.completed, ({ deps, user, query }) =>
    transactions.history(deps.db, user, query.CurrentDateRangeFilter, deps.now()),
  );

  defineRoute(app, api.transactions.completedByBody, ({ deps, user, body }) =>
    transactions.history(deps.db, user, body?.CurrentDateRangeFilter ?? DEFAULT_DATE_RANGE_FILTER, deps.now()),
  );

  defineRoute(app, api.transactions.exportFile, async ({ deps, user, body, reply, req }) => {
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
  });
}
