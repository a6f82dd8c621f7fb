import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { api, DEFAULT_DATE_RANGE_FILTER, transactionsFileName } from '@portal/contract';
import { defineRoute } from '../../access/route';
import { transactionsCsv, writeTransactionsXlsx } from './export';
import * as transactions from './service';

export default async function transactionRoutes(app: FastifyInstance) {
  defineRoute(app, api.transactions.current, ({ caller, user }) => transactions.current(caller.db, user, caller.now()));

  defineRoute(app, api.transactions.completed, ({ caller, user, query }) =>
    transactions.history(caller.db, user, query.CurrentDateRangeFilter, caller.now()),
  );

  defineRoute(app, api.transactions.completedByBody, ({ caller, user, body }) =>
    transactions.history(caller.db, user, body?.CurrentDateRangeFilter ?? DEFAULT_DATE_RANGE_FILTER, caller.now()),
  );

  defineRoute(app, api.transactions.exportFile, async ({ caller, user, body, reply, req }) => {
    const now = caller.now();
    const view = {
      tab: body.tab,
      filter: body.currentDateRangeFilter,
      search: body.search,
      automatic: body.labels.automatic,
    };
    const stays = await transactions.asShown(caller.db, user, view, now);
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
