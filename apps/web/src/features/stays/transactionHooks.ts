import { useQuery } from '@tanstack/react-query';
import { api, type TransactionsExportRequest } from '@portal/contract';
import { client, requestFile } from '../../lib/client';

export const transactionKeys = {
  current: ['transactions', 'current'] as const,
  history: (filter: number) => ['transactions', 'history', filter] as const,
};

export function useCurrentVisits() {
  return useQuery({
    queryKey: transactionKeys.current,
    queryFn: async ({ signal }) => (await client.transactions.current({ signal })).result,
  });
}

export function useVisitHistory(filter: number) {
  return useQuery({
    queryKey: transactionKeys.history(filter),
    queryFn: async ({ signal }) =>
      (await client.transactions.completed({ query: { CurrentDateRangeFilter: filter }, signal })).result,
  });
}

/** The file of a tab as the user sees it. */
export const downloadTransactions = (request: TransactionsExportRequest): Promise<Blob> =>
  requestFile(api.transactions.exportFile, { body: request });
