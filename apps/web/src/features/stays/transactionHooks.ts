import { useQuery } from '@tanstack/react-query';
import { stayTransactions, type TransactionsExportRequest } from '@portal/contract';
import { api } from '../../lib/api';

export const transactionKeys = {
  current: ['transactions', 'current'] as const,
  history: (filter: number) => ['transactions', 'history', filter] as const,
};

export function useCurrentVisits() {
  return useQuery({
    queryKey: transactionKeys.current,
    queryFn: async ({ signal }) =>
      (await api.get('ServicePoint/GetActiveStayTransactionsUsageByDateRange', stayTransactions, { signal })).result,
  });
}

export function useVisitHistory(filter: number) {
  return useQuery({
    queryKey: transactionKeys.history(filter),
    queryFn: async ({ signal }) =>
      (
        await api.get('ServicePoint/GetCompletedStayTransactionsUsageByDateRange', stayTransactions, {
          query: { CurrentDateRangeFilter: filter },
          signal,
        })
      ).result,
  });
}

/** The file of a tab as the user sees it. */
export const downloadTransactions = (request: TransactionsExportRequest): Promise<Blob> =>
  api.download('POST', 'ServicePoint/ExportStayTransactions', { body: request });
