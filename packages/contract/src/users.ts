import { z } from 'zod';
import { EXTENSION_MAX_DIGITS, PHONE_MASKED_LENGTH } from './constants';
import { EMAIL_PATTERN, whenTyped } from './fields';
import type { MessageCode } from './messages';
import { Role, assignableRoles, isRoleId, type RoleId } from './roles';
import { maskGuestPhone } from './stays';

/** User accounts: Manage Users and the Add/Edit User modal (access sections 2, 3, 5, 6). */

// ---------------------------------------------------------------- phones

/** A phone as the mask (999) 999-9999 shows it, spaces removed: 13 characters. */
const MASKED_PHONE = /^\(\d{3}\)\d{3}-\d{4}$/;

/** Formats digits as the mask (999) 999-9999 while typing (the guest phone's mask). */
export const maskPhone = maskGuestPhone;

/**
 * The stored form of a phone field: null when empty, otherwise the masked text with
 * spaces removed, checked to be 13 characters of the mask, then shown as `(999) 999-9999`.
 */
export function isValidPhone(value: string): boolean {
  const compact = value.replace(/\s/g, '');
  return compact.length === PHONE_MASKED_LENGTH && MASKED_PHONE.test(compact);
}

const NAME_MAX = 100;
const EXTENSION = new RegExp(`^\\d{0,${EXTENSION_MAX_DIGITS}}$`);

/** Empty text (or none) is null; the rest trimmed. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'maxLength')
    .nullish()
    .transform((value) => value || null);

const phoneField = (message: MessageCode) =>
  z
    .string({ error: message })
    .nullish()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || isValidPhone(value), message)
    .transform((value) => (value === null ? null : maskPhone(value)));

const requiredName = (message: MessageCode) =>
  z.string({ error: message }).trim().min(1, message).max(NAME_MAX, 'maxLength');

/** Field rules of the user form, shared by the form and the API requests. */
export const userFields = {
  firstName: requiredName('provideFirstName'),
  middleName: optionalText(NAME_MAX),
  lastName: requiredName('provideLastName'),
  email: z
    .string({ error: 'provideValidEmail' })
    .trim()
    .max(254, 'provideValidEmail')
    .regex(EMAIL_PATTERN, 'provideValidEmail'),
  cellPhone: phoneField('invalidMobilePhone'),
  businessPhone: phoneField('invalidOfficePhone'),
  businessExt: z
    .string({ error: 'invalidExtension' })
    .nullish()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || EXTENSION.test(value), 'invalidExtension'),
  /** One of the roles a user can hold (1 to 3); 0 is only the state of a self-registered account. */
  roleID: z
    .number({ error: 'selectRole' })
    .int('selectRole')
    .refine(
      (value) => value === Role.Administrator || value === Role.SiteOwner || value === Role.SiteManager,
      'selectRole',
    ),
  busEntityID: z
    .number({ error: 'selectBusiness' })
    .int('selectBusiness')
    .positive('selectBusiness')
    .nullish()
    .transform((value) => value ?? null),
  /** The properties of a Site Manager; the same property twice counts once. */
  siteIDs: z
    .array(z.number({ error: 'selectProperties' }).int('selectProperties').positive('selectProperties'))
    .max(1000, 'maxLength')
    .default([])
    .transform((ids) => [...new Set(ids)]),
};

/** A Site Manager needs at least one property. */
function siteManagerHasProperties(
  form: { roleID: number; siteIDs: number[] },
  ctx: z.RefinementCtx,
  path: PropertyKey[] = ['siteIDs'],
): void {
  if (form.roleID === Role.SiteManager && form.siteIDs.length === 0) {
    ctx.addIssue({ code: 'custom', path, message: 'selectProperties' satisfies MessageCode });
  }
}

// ---------------------------------------------------------------- the form

/**
 * The Add/Edit User modal. `businessRequired` for an Administrator, who picks the
 * business of the user; a Site Owner's users belong to the owner's own business.
 */
export function userAccountForm(options: { businessRequired: boolean }) {
  return z
    .object({
      roleID: userFields.roleID.nullable().refine((value) => value !== null, 'selectRole'),
      busEntityID: userFields.busEntityID,
      siteIDs: userFields.siteIDs,
      firstName: userFields.firstName,
      middleName: userFields.middleName,
      lastName: userFields.lastName,
      email: userFields.email,
      cellPhone: userFields.cellPhone,
      businessPhone: userFields.businessPhone,
      businessExt: userFields.businessExt,
      active: z.boolean().default(true),
    })
    .superRefine(
      (form, ctx) => {
        if (options.businessRequired && form.busEntityID === null) {
          ctx.addIssue({ code: 'custom', path: ['busEntityID'], message: 'selectBusiness' satisfies MessageCode });
        }
        if (form.roleID !== null) siteManagerHasProperties({ roleID: form.roleID, siteIDs: form.siteIDs }, ctx);
      },
      whenTyped(['busEntityID', 'roleID', 'siteIDs']),
    );
}
export type UserAccountFormInput = z.input<ReturnType<typeof userAccountForm>>;
export type UserAccountFormOutput = z.output<ReturnType<typeof userAccountForm>>;

// ---------------------------------------------------------------- requests

const contactInput = z.object({
  /** Answered by the server; ignored on input (the account's own contact is changed). */
  contactID: z.int32().nullish(),
  email: userFields.email,
  firstName: userFields.firstName,
  middleName: userFields.middleName,
  lastName: userFields.lastName,
  cellPhone: userFields.cellPhone,
  businessPhone: userFields.businessPhone,
  businessExt: userFields.businessExt,
});

/** One role per account, as a list of one `{ roleID }` (the shape of the original client). */
const rolesInput = z.array(z.object({ roleID: userFields.roleID }), { error: 'selectRole' }).length(1, 'selectRole');

const requestRuleFields = whenTyped(['roles', 'siteIDs']);

function requestRules(form: { roles: Array<{ roleID: number }>; siteIDs: number[] }, ctx: z.RefinementCtx): void {
  const roleID = form.roles[0]?.roleID;
  if (roleID !== undefined) siteManagerHasProperties({ roleID, siteIDs: form.siteIDs }, ctx);
}

/**
 * The body of `api.users.create`. A new account is always active (the switch is shown
 * only when editing); `active` is accepted for the original client and ignored.
 */
export const createUserAccountRequest = z
  .object({
    userAccountID: z.union([z.literal(0), z.null()], { error: 'fieldNotValid' }).optional(),
    active: z.boolean().optional(),
    busEntityID: userFields.busEntityID,
    siteIDs: userFields.siteIDs,
    contact: contactInput,
    roles: rolesInput,
  })
  .superRefine(requestRules, requestRuleFields);
export type CreateUserAccountRequest = z.infer<typeof createUserAccountRequest>;

/** The body of `api.users.update`. The e-mail is read-only: whatever is sent, the stored one stays. */
export const updateUserAccountRequest = z
  .object({
    userAccountID: z.number({ error: 'fieldNotValid' }).int('fieldNotValid').positive('fieldNotValid'),
    /** Absent: unchanged. */
    active: z.boolean({ error: 'fieldNotValid' }).optional(),
    busEntityID: userFields.busEntityID,
    siteIDs: userFields.siteIDs,
    contact: contactInput.extend({ email: z.string().optional() }),
    roles: rolesInput,
  })
  .superRefine(requestRules, requestRuleFields);
export type UpdateUserAccountRequest = z.infer<typeof updateUserAccountRequest>;

// ---------------------------------------------------------------- answers

export const userContact = z.object({
  contactID: z.int32(),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  cellPhone: z.string().nullable(),
  businessPhone: z.string().nullable(),
  businessExt: z.string().nullable(),
});
export type UserContact = z.infer<typeof userContact>;

/** A user account as Manage Users reads it (section 3, with its read form). */
export const userAccount = z.object({
  userAccountID: z.int32(),
  active: z.boolean(),
  busEntityID: z.int32().nullable(),
  siteIDs: z.array(z.int32()),
  contact: userContact,
  roles: z.array(z.object({ roleID: z.int32() })),
  /** Display name of the account's role ('Site Manager'; 'None' while awaiting approval). */
  userRoles: z.string(),
  /** The assigned properties: key is the property id, value its name. */
  userAccountSites: z.array(z.object({ key: z.int32(), value: z.string() })),
  busEntityName: z.string().nullable(),
});
export type UserAccount = z.infer<typeof userAccount>;

// ---------------------------------------------------------------- who may manage whom

export type UserRef = { userAccountID: number; roleID: number; busEntityID: number | null };

/**
 * Whether `caller` may change `target` in the Add/Edit User modal (otherwise the row's
 * action is 'View User', read-only). Nobody edits their own account here (the profile
 * page does that). An Administrator edits Site Owners and gives a role to accounts that
 * registered themselves (role 0); a Site Manager is viewed only, as the specification's
 * 'View User' says: the Site Owner of their business manages them. A Site Owner edits
 * the Site Managers of their own business.
 */
export function canManageUser(caller: UserRef, target: UserRef): boolean {
  if (caller.userAccountID === target.userAccountID || !isRoleId(caller.roleID)) return false;
  switch (caller.roleID) {
    case Role.Administrator:
      return target.roleID === Role.None || target.roleID === Role.SiteOwner;
    case Role.SiteOwner:
      return (
        target.roleID === Role.SiteManager && caller.busEntityID !== null && target.busEntityID === caller.busEntityID
      );
    default:
      return false;
  }
}

/** The roles `roleID` may choose from in the modal. */
export function rolesAssignableBy(roleID: number): readonly RoleId[] {
  return isRoleId(roleID) ? assignableRoles[roleID] : [];
}
