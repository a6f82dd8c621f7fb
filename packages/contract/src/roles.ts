export const Role = { None: 0, Administrator: 1, SiteOwner: 2, SiteManager: 3 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const roleNames: Record<RoleId, string> = {
  0: 'None',
  1: 'Administrator',
  2: 'Site Owner',
  3: 'Site Manager',
};

export const Permission = {
  Dashboard: 'dashboard',
  AdminPanel: 'adminPanel',
  ManageProperties: 'manageProperties',
  ManageUsers: 'manageUsers',
  ManageTransactions: 'manageTransactions',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

const P = Permission;
export const rolePermissions: Record<RoleId, readonly Permission[]> = {
  0: [],
  1: [P.ManageTransactions, P.AdminPanel, P.Dashboard, P.ManageUsers],
  2: [P.ManageTransactions, P.ManageProperties, P.ManageUsers, P.Dashboard],
  3: [P.ManageTransactions, P.ManageProperties, P.Dashboard],
};

export function hasPermission(roleId: RoleId, permission: Permission): boolean {
  return rolePermissions[roleId].includes(permission);
}

/**
 * Changing a property, its settings, tariffs, alert thresholds and scheduled reports: an
 * Administrator, or a Site Owner (of the property's business, which the server checks too).
 */
export function managesProperties(roleId: RoleId | undefined): boolean {
  return roleId === Role.Administrator || roleId === Role.SiteOwner;
}

/** Roles a user of the given role may give to another user. */
export const assignableRoles: Record<RoleId, readonly RoleId[]> = {
  0: [],
  1: [Role.SiteOwner, Role.SiteManager],
  2: [Role.SiteManager],
  3: [],
};

export function isRoleId(value: number): value is RoleId {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/** The page a role lands on after sign-in. */
export function homePath(roleId: RoleId): string {
  return roleId === Role.Administrator ? '/AdminPanel' : '/MySites';
}
