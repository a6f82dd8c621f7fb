import { Alert, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../i18n/messages';

/** What of a query (or of queries read together) the scaffold reads. */
type QueryLike<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };

type Props<T> = {
  query: QueryLike<T>;
  /** The bars shown while it loads, as high as the content they stand for. */
  loading: { height: number; count?: number; gap?: 'xs' | 'sm' };
  /** The alert's title when it failed; the server's reason is its text. */
  failed: string;
  /** Shown instead of the content when the answer is an empty list. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * A query's states, said the same way everywhere: skeleton bars while it loads (a status for
 * screen readers), an alert with the server's reason when it failed, what to do next when it
 * answered nothing, else its content.
 */
export function QueryState<T>({ query, loading, failed, empty, children }: Props<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack gap={loading.gap ?? 'sm'} role="status" aria-label={t('common.loading')}>
        {Array.from({ length: loading.count ?? 1 }, (_, i) => (
          <Skeleton key={i} height={loading.height} />
        ))}
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Alert color="red" variant="light" role="alert" title={failed}>
        {errorMessage(t, query.error)}
      </Alert>
    );
  }
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return empty;
  return children(query.data);
}
