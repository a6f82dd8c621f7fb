import { useQuery } from '@tanstack/react-query';
import { me } from '@portal/contract';
import { api } from '../../app/api';
import { useLogin } from '../../app/session/useLogin';

export const meQueryKey = (userAccountID: number | undefined) => ['me', userAccountID] as const;

/** The signed-in user's account and permissions (GET /api/me). */
export function useMe(options: { refetchInterval?: number } = {}) {
  const userAccountID = useLogin()?.userAccountBasicInfo.userAccountID;
  return useQuery({
    queryKey: meQueryKey(userAccountID),
    queryFn: async ({ signal }) => (await api.get('me', me, { signal })).result,
    enabled: userAccountID !== undefined,
    staleTime: 5 * 60_000,
    refetchInterval: options.refetchInterval,
  });
}
