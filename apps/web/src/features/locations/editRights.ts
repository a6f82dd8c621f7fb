import { Role, type RoleId } from '@portal/contract';

/** Field rules of the Edit Location modal (properties sections 5 and 6). */
export function editRights(role: RoleId) {
  const staff = role === Role.Administrator || role === Role.SiteOwner || role === Role.SiteManager;
  const ownerOrAdmin = role === Role.Administrator || role === Role.SiteOwner;
  return { description: staff, accountNumber: ownerOrAdmin, locationType: ownerOrAdmin, publicName: ownerOrAdmin };
}
