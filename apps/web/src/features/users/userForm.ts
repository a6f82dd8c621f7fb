import {
  type api,
  type FieldError,
  Role,
  type UserAccount,
  type UserAccountFormInput,
  type UserAccountFormOutput,
  canManageUser,
} from '@portal/contract';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/apiError';
import type { BodyOf } from '../../lib/client';

/** The caller as Manage Users needs it (from `api.auth.me`). */
export type Caller = { userAccountID: number; roleID: number; busEntityID: number | null };

/** Business for an Administrator, Properties for an Administrator and a Site Owner (access section 2). */
export function userColumnsFor(roleID: number): { business: boolean; properties: boolean } {
  return {
    business: roleID === Role.Administrator,
    properties: roleID === Role.Administrator || roleID === Role.SiteOwner,
  };
}

/** 'Manage User' opens the modal to edit; 'View User' opens it read-only. */
export function userActionOf(caller: Caller, account: UserAccount): 'manage' | 'view' {
  const roleID = account.roles[0]?.roleID ?? Role.None;
  return canManageUser(caller, { userAccountID: account.userAccountID, roleID, busEntityID: account.busEntityID })
    ? 'manage'
    : 'view';
}

export const fullName = (account: UserAccount) => `${account.contact.firstName} ${account.contact.lastName}`;

/** The form of the Add/Edit/View User modal. */
export type UserAccountForm = UseFormReturn<UserAccountFormInput, unknown, UserAccountFormOutput>;

export const emptyUserForm: UserAccountFormInput = {
  roleID: null,
  busEntityID: null,
  siteIDs: [],
  firstName: '',
  middleName: '',
  lastName: '',
  email: '',
  cellPhone: '',
  businessPhone: '',
  businessExt: '',
  active: true,
};

/** The modal's values for an account; an account awaiting approval (role 0) has no role to show yet. */
export function userFormOf(account: UserAccount): UserAccountFormInput {
  const roleID = account.roles[0]?.roleID ?? null;
  return {
    roleID: roleID === Role.None ? null : roleID,
    busEntityID: account.busEntityID,
    siteIDs: account.siteIDs,
    firstName: account.contact.firstName,
    middleName: account.contact.middleName ?? '',
    lastName: account.contact.lastName,
    email: account.contact.email,
    cellPhone: account.contact.cellPhone ?? '',
    businessPhone: account.contact.businessPhone ?? '',
    businessExt: account.contact.businessExt ?? '',
    active: account.active,
  };
}

export type CreateUserBody = BodyOf<typeof api.users.create>;
export type UpdateUserBody = BodyOf<typeof api.users.update>;

/**
 * The request of `api.users.create` (no account yet) or `api.users.update`. A Site Owner does
 * not pick a business: their users belong to their own.
 */
export function userRequestOf(values: UserAccountFormOutput, editing: null, caller: Caller): CreateUserBody;
export function userRequestOf(values: UserAccountFormOutput, editing: UserAccount, caller: Caller): UpdateUserBody;
export function userRequestOf(
  values: UserAccountFormOutput,
  editing: UserAccount | null,
  caller: Caller,
): CreateUserBody | UpdateUserBody {
  const body = {
    busEntityID: caller.roleID === Role.Administrator ? values.busEntityID : caller.busEntityID,
    siteIDs: values.roleID === Role.SiteManager ? values.siteIDs : [],
    contact: {
      contactID: editing?.contact.contactID ?? 0,
      email: editing ? editing.contact.email : values.email,
      firstName: values.firstName,
      middleName: values.middleName,
      lastName: values.lastName,
      cellPhone: values.cellPhone,
      businessPhone: values.businessPhone,
      businessExt: values.businessExt,
    },
    roles: [{ roleID: values.roleID }],
  };
  return editing ? { ...body, userAccountID: editing.userAccountID, active: values.active } : { ...body, active: true };
}

export const userFormFields = [
  'roleID',
  'busEntityID',
  'siteIDs',
  'firstName',
  'middleName',
  'lastName',
  'email',
  'cellPhone',
  'businessPhone',
  'businessExt',
  'active',
] as const;
export type UserFormField = (typeof userFormFields)[number];

/** The modal's field for a field the server names (`contact.email`, `roles.0.roleID`, `siteIDs.1`). */
export function userFormFieldOf(serverField: string): UserFormField | null {
  const path = serverField.split('.');
  const head = path[0]?.toLowerCase();
  if (head === 'roles') return 'roleID';
  const name = (head === 'contact' ? path[1] : path[0])?.toLowerCase();
  return userFormFields.find((field) => field.toLowerCase() === name) ?? null;
}

/** The failure with its field errors renamed to the modal's fields (those it has no field for are dropped). */
export function withUserFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields: FieldError[] = [];
  for (const fieldError of error.fields) {
    const field = userFormFieldOf(fieldError.field);
    if (field) fields.push({ ...fieldError, field });
  }
  return error.withFields(fields);
}
