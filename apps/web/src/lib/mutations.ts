import { useMutation, useQueryClient } from '@tanstack/react-query';

type QueryKey = readonly unknown[];

/**
 * A change after which the cached queries under a key are fetched again (the list it touched):
 * `refetch` is that key, or gives it for the change's input (`(stayID) => the statement's key`).
 */
export function useRefetchingMutation<I, O>(
  refetch: QueryKey | ((input: I) => QueryKey),
  mutationFn: (input: I) => Promise<O>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_: O, input: I) =>
      queryClient.invalidateQueries({ queryKey: typeof refetch === 'function' ? refetch(input) : refetch }),
  });
}

/** A change whose answer, what the server stored, becomes the data of the query under `key`. */
export function useStoringMutation<I, O>(key: QueryKey, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (stored: O) => queryClient.setQueryData(key, stored) });
}
