import { describe, expect, it } from 'vitest';
import { Role } from './roles';
import {
  canManageUser,
  createUserAccountRequest,
  isValidPhone,
  maskPhone,
  rolesAssignableBy,
  updateUserAccountRequest,
  userAccountForm,
} from './users';
import { problems } from './test/problems';

const adminForm = userAccountForm({ businessRequired: true });
const ownerForm = userAccountForm({ businessRequired: false });

const valid = {
  roleID: Role.SiteManager,
  busEntityID: 4,
  siteIDs: [7],
  firstName: 'Mia',
  middleName: '',
  lastName: 'Manager',
  email: 'mia@example.com',
  cellPhone: '',
  businessPhone: '',
  businessExt: '',
  active: true,
};

describe('the user form', () => {
  it('accepts a complete Site Manager and stores empty optional fields as null', () => {
    expect(adminForm.parse(valid)).toEqual({
      ...valid,
      middleName: null,
      cellPhone: null,
      businessPhone: null,
      businessExt: null,
    });
  });

  it.each([
    [{ roleID: null }, 'roleID: Please Select a Role'],
    [{ roleID: undefined }, 'roleID: Please Select a Role'],
    [{ roleID: Role.None }, 'roleID: Please Select a Role'],
    [{ roleID: 9 }, 'roleID: Please Select a Role'],
    [{ busEntityID: null }, 'busEntityID: Please Select a Business Entity'],
    [{ siteIDs: [] }, 'siteIDs: Please Select Properties'],
    [{ firstName: '   ' }, 'firstName: Please provide First Name'],
    [{ lastName: '' }, 'lastName: Please provide Last Name'],
    [{ email: '' }, 'email: Please provide valid email'],
    [{ email: 'mia@example' }, 'email: Please provide valid email'],
    [{ firstName: 'x'.repeat(101) }, 'firstName: Maximum field length'],
    [{ cellPhone: '(555) 123-456' }, 'cellPhone: Please provide a valid Mobile Phone Number'],
    [{ cellPhone: '5551234567' }, 'cellPhone: Please provide a valid Mobile Phone Number'],
    [{ cellPhone: '(555) 123-45678' }, 'cellPhone: Please provide a valid Mobile Phone Number'],
    [{ businessPhone: '(555) 12_-____' }, 'businessPhone: Please provide a valid Office Phone'],
    [{ businessExt: '12a' }, 'businessExt: Extension must be digits only, up to 10.'],
    [{ businessExt: '12345678901' }, 'businessExt: Extension must be digits only, up to 10.'],
  ])('%j -> %s', (change, message) => {
    expect(problems(adminForm, { ...valid, ...change })).toEqual([message]);
  });

  it('lists every missing field of an empty form at once', () => {
    expect(
      problems(adminForm, {
        ...valid,
        roleID: null,
        busEntityID: null,
        siteIDs: [],
        firstName: '',
        lastName: '',
        email: '',
      }),
    ).toEqual([
      'roleID: Please Select a Role',
      'firstName: Please provide First Name',
      'lastName: Please provide Last Name',
      'email: Please provide valid email',
      'busEntityID: Please Select a Business Entity',
    ]);
  });

  it('needs properties only for the Site Manager role', () => {
    expect(problems(adminForm, { ...valid, roleID: Role.SiteOwner, siteIDs: [] })).toEqual([]);
  });

  it('a Site Owner does not choose a business', () => {
    expect(problems(ownerForm, { ...valid, busEntityID: null })).toEqual([]);
  });

  it('accepts phones of the mask, 13 characters without spaces, and answers them masked', () => {
    const form = adminForm.parse({
      ...valid,
      cellPhone: '(555) 123-4567',
      businessPhone: '(555)987-6543',
      businessExt: '0012345678',
    });
    expect([form.cellPhone, form.businessPhone, form.businessExt]).toEqual([
      '(555) 123-4567',
      '(555) 987-6543',
      '0012345678',
    ]);
  });

  it('counts the same property once', () => {
    expect(adminForm.parse({ ...valid, siteIDs: [7, 8, 7] }).siteIDs).toEqual([7, 8]);
  });
});

describe('phones', () => {
  it.each([
    ['(555) 123-4567', true],
    ['( 555 ) 123 - 4567', true],
    ['(555)123-4567', true],
    ['555-123-4567', false],
    ['(555) 123-456', false],
    ['(55a) 123-4567', false],
  ])('%s valid: %s', (phone, ok) => {
    expect(isValidPhone(phone)).toBe(ok);
  });

  it('masks digits while typing', () => {
    expect(['5', '5551', '5551234', '55512345678', ''].map(maskPhone)).toEqual([
      '(5',
      '(555) 1',
      '(555) 123-4',
      '(555) 123-4567',
      '',
    ]);
  });
});

const request = {
  busEntityID: 4,
  siteIDs: [7],
  contact: { email: 'mia@example.com', firstName: 'Mia', lastName: 'Manager' },
  roles: [{ roleID: Role.SiteManager }],
};

describe('the API requests', () => {
  it('create takes no id, or 0, and fills optional contact fields with null', () => {
    expect(createUserAccountRequest.parse(request)).toEqual({
      ...request,
      contact: {
        ...request.contact,
        middleName: null,
        cellPhone: null,
        businessPhone: null,
        businessExt: null,
      },
    });
    expect(problems(createUserAccountRequest, { ...request, userAccountID: 0 })).toEqual([]);
    expect(problems(createUserAccountRequest, { ...request, userAccountID: 5 })).toEqual([
      'userAccountID: Field is not valid',
    ]);
  });

  it.each([
    [{ roles: [] }, 'roles: Please Select a Role'],
    [{ roles: [{ roleID: 2 }, { roleID: 3 }] }, 'roles: Please Select a Role'],
    [{ roles: [{ roleID: 0 }] }, 'roles.0.roleID: Please Select a Role'],
    [{ siteIDs: [] }, 'siteIDs: Please Select Properties'],
    [{ siteIDs: [0] }, 'siteIDs.0: Please Select Properties'],
    [{ contact: { ...request.contact, email: 'x' } }, 'contact.email: Please provide valid email'],
    [
      { contact: { ...request.contact, cellPhone: '123' } },
      'contact.cellPhone: Please provide a valid Mobile Phone Number',
    ],
    [
      { contact: { ...request.contact, businessPhone: '123' } },
      'contact.businessPhone: Please provide a valid Office Phone',
    ],
    [
      { contact: { ...request.contact, businessExt: 'ext' } },
      'contact.businessExt: Extension must be digits only, up to 10.',
    ],
  ])('create %j -> %s', (change, message) => {
    expect(problems(createUserAccountRequest, { ...request, ...change })).toEqual([message]);
  });

  it('update names the account, may leave out the e-mail and the active flag', () => {
    const body = { ...request, userAccountID: 12, contact: { firstName: 'Mia', lastName: 'M' } };
    expect(problems(updateUserAccountRequest, body)).toEqual([]);
    expect(updateUserAccountRequest.parse(body).active).toBeUndefined();
    expect(problems(updateUserAccountRequest, { ...body, userAccountID: 0 })).toEqual([
      'userAccountID: Field is not valid',
    ]);
  });
});

describe('who may manage whom', () => {
  const admin = { userAccountID: 1, roleID: Role.Administrator, busEntityID: null };
  const owner = { userAccountID: 2, roleID: Role.SiteOwner, busEntityID: 10 };
  const manager = { userAccountID: 3, roleID: Role.SiteManager, busEntityID: 10 };
  const otherManager = { userAccountID: 4, roleID: Role.SiteManager, busEntityID: 11 };
  const otherAdmin = { userAccountID: 5, roleID: Role.Administrator, busEntityID: null };
  const registered = { userAccountID: 6, roleID: Role.None, busEntityID: null };
  const otherOwner = { userAccountID: 7, roleID: Role.SiteOwner, busEntityID: 10 };

  it.each([
    [admin, owner, true],
    [admin, registered, true],
    [admin, manager, false],
    [admin, otherAdmin, false],
    [admin, admin, false],
    [owner, manager, true],
    [owner, otherManager, false],
    [owner, otherOwner, false],
    [owner, owner, false],
    [owner, admin, false],
    [owner, registered, false],
    [manager, otherManager, false],
  ])('%j manages %j: %s', (caller, target, expected) => {
    expect(canManageUser(caller, target)).toBe(expected);
  });

  it('an Administrator assigns Site Owner and Site Manager, a Site Owner only Site Manager', () => {
    expect(rolesAssignableBy(Role.Administrator)).toEqual([Role.SiteOwner, Role.SiteManager]);
    expect(rolesAssignableBy(Role.SiteOwner)).toEqual([Role.SiteManager]);
    expect(rolesAssignableBy(Role.SiteManager)).toEqual([]);
    expect(rolesAssignableBy(Role.None)).toEqual([]);
  });
});
