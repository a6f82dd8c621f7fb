import { isRoleId, roleNames, type UserAccount } from '@portal/contract';
import type { UserRow } from './queries';

/** A user account in the specification's shape, with its read form (userRoles, userAccountSites, busEntityName). */
export function presentUser(row: UserRow): UserAccount {
  return {
    userAccountID: row.id,
    active: row.active,
    busEntityID: row.busEntityId,
    siteIDs: row.sites.map((site) => site.id),
    contact: {
      contactID: row.contactId,
      email: row.email,
      firstName: row.firstName,
      middleName: row.middleName,
      lastName: row.lastName,
      cellPhone: row.cellPhone,
      businessPhone: row.businessPhone,
      businessExt: row.businessExt,
    },
    roles: [{ roleID: row.roleId }],
    userRoles: isRoleId(row.roleId) ? roleNames[row.roleId] : '',
    userAccountSites: row.sites.map((site) => ({ key: site.id, value: site.name })),
    busEntityName: row.busEntityName,
  };
}
