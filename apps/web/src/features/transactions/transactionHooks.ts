import { useQuery } from '@tanstack/react-query';
import { api, type TransactionsExportRequest } from '@portal/contract';
import { queryOf, requestFile } from '../../lib/client';

export function useCurrentVisits() {
  return useQuery(queryOf(api.transactions.current));
}

export function useVisitHistory(filter: number) {
  return useQuery(queryOf(api.transactions.completed, { query: { CurrentDateRangeFilter: filter } }));
}

/** The file of a tab as the user sees it. */
export const downloadTransactions = (request: TransactionsExportRequest): Promise<Blob> =>
  requestFile(api.transactions.exportFile, { body: request });
