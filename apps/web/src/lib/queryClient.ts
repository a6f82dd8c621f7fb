import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError';

/** One cache for the whole app; emptied whenever the signed-in user changes. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.isClientError),
    },
    mutations: { retry: false },
  },
});
