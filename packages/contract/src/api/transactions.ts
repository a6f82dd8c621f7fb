import { z } from 'zod';
import { Permission } from '../roles';
import { completedStaysBody, completedStaysQuery, stayTransactions, transactionsExportRequest } from '../transactions';
import { featureCalls } from './call';
import { routes } from './routes';

const defaults = { tags: ['Transactions'], access: { anyOf: [Permission.ManageTransactions] } } as const;

export const transactionsCalls = featureCalls(routes.transactions, defaults, {
  current: {
    summary: 'Current Visits: open stays of the caller’s properties with usage so far',
    keyScope: 'usage:read',
    result: stayTransactions,
  },

  completed: {
    summary: 'History: finished stays of the caller’s properties (CurrentDateRangeFilter 3, 4, 7 or 14)',
    keyScope: 'usage:read',
    query: completedStaysQuery,
    result: stayTransactions,
  },

  completedByBody: {
    summary: 'History, with the filter in the body ({ CurrentDateRangeFilter })',
    keyScope: 'usage:read',
    body: completedStaysBody,
    result: stayTransactions,
  },

  exportFile: {
    summary:
      'A Transactions tab as the user sees it (tab, History filter, search) as .xlsx or .csv, times in each property’s zone',
    keyScope: 'usage:read',
    rateLimit: 20,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    body: transactionsExportRequest,
    result: z.null(),
  },
});
