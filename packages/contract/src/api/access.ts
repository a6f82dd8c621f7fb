import { Permission } from '../roles';

/** Access rules shared by the property-side calls (role permissions of access section 6). */
export const propertyStaff = { anyOf: [Permission.AdminPanel, Permission.ManageProperties] } as const;
export const administrators = { anyOf: [Permission.AdminPanel] } as const;
