import { Role, type RoleId } from '@portal/contract';
import { roleOf } from '../../lib/session/session';
import { useLogin } from '../../lib/session/useLogin';

/** The signed-in user's role (None when signed out). */
export function useRole(): RoleId {
  const login = useLogin();
  return login ? roleOf(login) : Role.None;
}

/** Field rules of the Edit Location modal (properties sections 5 and 6). */
export function editRights(role: RoleId) {
  const staff = role === Role.Administrator || role === Role.SiteOwner || role === Role.SiteManager;
  const ownerOrAdmin = role === Role.Administrator || role === Role.SiteOwner;
  return { description: staff, accountNumber: ownerOrAdmin, locationType: ownerOrAdmin, publicName: ownerOrAdmin };
}
