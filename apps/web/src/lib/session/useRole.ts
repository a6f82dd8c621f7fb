import { Role, type RoleId } from '@portal/contract';
import { roleOf } from './session';
import { useLogin } from './useLogin';

/** The signed-in user's role (None when signed out). */
export function useRole(): RoleId {
  const login = useLogin();
  return login ? roleOf(login) : Role.None;
}
