import { Permission } from '@portal/contract';

/** Route access rules shared by the property-side features (role permissions of spec 6). */
export const propertyStaff = { anyOf: [Permission.AdminPanel, Permission.ManageProperties] } as const;
export const administrators = { anyOf: [Permission.AdminPanel] } as const;
