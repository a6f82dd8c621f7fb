import { z } from 'zod';
import { Permission } from '../roles';
import { completedStaysBody, completedStaysQuery, stayTransactions, transactionsExportRequest } from '../transactions';
import { call } from './call';
import { routes } from './routes';

const tags = ['Transactions'];

const access = { anyOf: [Permission.ManageTransactions] } as const;

export const transactionsCalls = {
  current: call({
    ...routes.transactions.current,
    summary: 'Current Visits: open stays of the caller’s properties with usage so far',
    tags,
    access,
    keyScope: 'usage:read',
    result: stayTransactions,
  }),

  completed: call({
    ...routes.transactions.completed,
    summary: 'History: finished stays of the caller’s properties (CurrentDateRangeFilter 3, 4, 7 or 14)',
    tags,
    access,
    keyScope: 'usage:read',
    query: completedStaysQuery,
    result: stayTransactions,
  }),

  completedByBody: call({
    ...routes.transactions.completedByBody,
    summary: 'History, with the filter in the body ({ CurrentDateRangeFilter })',
    tags,
    access,
    keyScope: 'usage:read',
    body: completedStaysBody,
    result: stayTransactions,
  }),

  exportFile: call({
    ...routes.transactions.exportFile,
    summary:
      'A Transactions tab as the user sees it (tab, History filter, search) as .xlsx or .csv, times in each property’s zone',
    tags,
    access,
    keyScope: 'usage:read',
    rateLimit: 20,
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    body: transactionsExportRequest,
    result: z.null(),
  }),
};
