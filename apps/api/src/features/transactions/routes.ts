import type { FastifyInstance } from 'fastify';
import {
  completedStaysBody,
  completedStaysQuery,
  DEFAULT_DATE_RANGE_FILTER,
  Permission,
  stayTransactions,
} from '@portal/contract';
import { defineRoute } from '../../lib/route';
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
}
