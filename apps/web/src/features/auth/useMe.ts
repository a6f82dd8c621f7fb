import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contract';
import { keyOf } from '../../lib/api';
import { useLogin } from '../../lib/session/useLogin';

/**
 * The signed-in user's account and permissions: `api.auth.me`, whose schemas load on first
 * use (its key is the plain route's). The key names no user: the cache empties whenever the
 * signed-in user changes.
 */
export function useMe(options: { refetchInterval?: number } = {}) {
  const signedIn = useLogin() !== null;
  return useQuery({
    queryKey: keyOf(routes.auth.me),
    queryFn: async ({ signal }) => (await import('./fetchMe')).fetchMe(signal),
    enabled: signedIn,
    staleTime: 5 * 60_000,
    refetchInterval: options.refetchInterval,
  });
}
