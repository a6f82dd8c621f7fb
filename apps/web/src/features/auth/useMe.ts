import { useQuery } from '@tanstack/react-query';
import { useLogin } from '../../lib/session/useLogin';

export const meQueryKey = (userAccountID: number | undefined) => ['me', userAccountID] as const;

/** The signed-in user's account and permissions (GET /api/me). */
export function useMe(options: { refetchInterval?: number } = {}) {
  const userAccountID = useLogin()?.userAccountBasicInfo.userAccountID;
  return useQuery({
    queryKey: meQueryKey(userAccountID),
    queryFn: async ({ signal }) => (await import('./fetchMe')).fetchMe(signal),
    enabled: userAccountID !== undefined,
    staleTime: 5 * 60_000,
    refetchInterval: options.refetchInterval,
  });
}
