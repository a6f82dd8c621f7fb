import { Role, type UserAccount, userAccountForm } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/apiError';
import {
  emptyUserForm,
  userActionOf,
  userColumnsFor,
  userFormFieldOf,
  userFormOf,
  userRequestOf,
  withUserFormFields,
} from './userForm';

const admin = { userAccountID: 1, roleID: Role.Administrator, busEntityID: null };
const owner = { userAccountID: 2, roleID: Role.SiteOwner, busEntityID: 10 };

function account(roleID: number, over: Partial<UserAccount> = {}): UserAccount {
  return {
    userAccountID: 30,
    active: true,
    busEntityID: 10,
    siteIDs: [5],
    contact: {
      contactID: 31,
      email: 'mia@example.com',
      firstName: 'Mia',
      middleName: null,
      lastName: 'Manager',
      cellPhone: '(555) 123-4567',
      businessPhone: null,
      businessExt: null,
    },
    roles: [{ roleID }],
    userRoles: '',
    userAccountSites: [{ key: 5, value: 'Alder Cove Marina' }],
    busEntityName: 'Lakeside',
    ...over,
  };
}

describe('Manage Users columns and actions', () => {
  it('shows Business to an Administrator only, Properties to an Administrator and a Site Owner', () => {
    expect(userColumnsFor(Role.Administrator)).toEqual({ business: true, properties: true });
    expect(userColumnsFor(Role.SiteOwner)).toEqual({ business: false, properties: true });
  });

  it("an Administrator gets 'View User' for a Site Manager and 'Manage User' for a Site Owner", () => {
    expect(userActionOf(admin, account(Role.SiteManager))).toBe('view');
    expect(userActionOf(admin, account(Role.SiteOwner))).toBe('manage');
    expect(userActionOf(admin, account(Role.None, { busEntityID: null }))).toBe('manage');
  });

  it('a Site Owner manages the Site Managers of their business and views the rest', () => {
    expect(userActionOf(owner, account(Role.SiteManager))).toBe('manage');
    expect(userActionOf(owner, account(Role.SiteManager, { busEntityID: 11 }))).toBe('view');
    expect(userActionOf(owner, account(Role.SiteOwner, { userAccountID: owner.userAccountID }))).toBe('view');
  });
});

describe('the modal values and the request', () => {
  it('fills the form from an account, with no role for one awaiting approval', () => {
    expect(userFormOf(account(Role.SiteManager))).toMatchObject({
      roleID: Role.SiteManager,
      middleName: '',
      businessPhone: '',
      siteIDs: [5],
    });
    expect(userFormOf(account(Role.None)).roleID).toBeNull();
  });

  it('a Site Owner creates within their own business; the new user is active', () => {
    const values = userAccountForm({ businessRequired: false }).parse({
      ...emptyUserForm,
      roleID: Role.SiteManager,
      siteIDs: [5, 6],
      firstName: 'Nia',
      lastName: 'Newman',
      email: 'nia@example.com',
      cellPhone: '(555) 111-2222',
    });
    expect(userRequestOf(values, null, owner)).toEqual({
      active: true,
      busEntityID: 10,
      siteIDs: [5, 6],
      contact: {
        contactID: 0,
        email: 'nia@example.com',
        firstName: 'Nia',
        middleName: null,
        lastName: 'Newman',
        cellPhone: '(555) 111-2222',
        businessPhone: null,
        businessExt: null,
      },
      roles: [{ roleID: Role.SiteManager }],
    });
  });

  it('an update names the account, keeps its e-mail and sends no properties for a Site Owner', () => {
    const editing = account(Role.SiteOwner, { siteIDs: [] });
    const values = userAccountForm({ businessRequired: true }).parse({
      ...userFormOf(editing),
      email: 'other@example.com',
      active: false,
      siteIDs: [9],
    });
    expect(userRequestOf(values, editing, admin)).toMatchObject({
      userAccountID: 30,
      active: false,
      busEntityID: 10,
      siteIDs: [],
      contact: { contactID: 31, email: 'mia@example.com' },
      roles: [{ roleID: Role.SiteOwner }],
    });
  });
});

describe('server field errors on the modal', () => {
  it.each([
    ['contact.email', 'email'],
    ['Contact.FirstName', 'firstName'],
    ['roles', 'roleID'],
    ['roles.0.roleID', 'roleID'],
    ['siteIDs', 'siteIDs'],
    ['siteIDs.2', 'siteIDs'],
    ['busEntityID', 'busEntityID'],
    ['userAccountID', null],
  ])('%s -> %s', (server, field) => {
    expect(userFormFieldOf(server)).toBe(field);
  });

  it('renames the fields of a failure and drops those the modal lacks', () => {
    const error = new ApiError(409, 'conflict', 'An account with this email already exists.', [
      { field: 'contact.email', code: 'emailTaken', message: 'An account with this email already exists.' },
      { field: 'userAccountID', code: 'fieldNotValid', message: 'Field is not valid' },
    ]);
    const renamed = withUserFormFields(error) as ApiError;
    expect(renamed.fields).toEqual([
      { field: 'email', code: 'emailTaken', message: 'An account with this email already exists.' },
    ]);
    expect(renamed.status).toBe(409);
  });
});
