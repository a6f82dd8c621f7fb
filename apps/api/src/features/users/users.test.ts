import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role, type UserAccount } from '@portal/contract';
import { auditLog, userAccounts } from '../../db/schema';
import { buildSite, buildUser, mailedPasswordToken, setPasswordWith, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type Caller, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
let archivedA: { id: number };
let managerB: { id: number; email: string; password: string };
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
  archivedA = await buildSite(t.deps.db, w.busA.id, { publicName: 'Archived Lagoon', deletedAt: new Date() });
  managerB = await buildUser(t.deps.db, { roleId: Role.SiteManager, busEntityId: w.busB.id, siteIds: [w.siteB1.id] });
});
afterAll(() => t.close());

type Failure = { code: string; errors?: Array<{ field: string; code: string; message: string }> };
type Body = Record<string, unknown>;

let seq = 0;
const newEmail = () => `new.user${++seq}@example.com`;

const list = (caller: Caller) =>
  t.call<UserAccount[]>({ method: 'GET', url: '/api/Account/GetAllUserAccounts', token: w.tokens[caller] });
const create = (token: string | undefined, body: Body) =>
  t.call<UserAccount & Failure>({ method: 'POST', url: '/api/Account/CreateUserAccount', payload: body, token });
const update = (token: string | undefined, body: Body) =>
  t.call<UserAccount & Failure>({ method: 'PUT', url: '/api/Account/UpdateUserAccount', payload: body, token });

/** A create request for a Site Manager of business A with property A1, as the modal sends it. */
function managerBody(over: Body = {}, contact: Body = {}): Body {
  return {
    active: true,
    busEntityID: w.busA.id,
    siteIDs: [w.siteA1.id],
    contact: {
      email: newEmail(),
      firstName: 'Nia',
      middleName: '',
      lastName: 'Newman',
      cellPhone: '',
      businessPhone: '',
      businessExt: '',
      ...contact,
    },
    roles: [{ roleID: Role.SiteManager }],
    ...over,
  };
}

/** The update request that keeps an account as it is, with some fields changed. */
function editBody(account: UserAccount, over: Body = {}, contact: Body = {}): Body {
  return {
    userAccountID: account.userAccountID,
    active: account.active,
    busEntityID: account.busEntityID,
    siteIDs: account.siteIDs,
    contact: { ...account.contact, ...contact },
    roles: account.roles,
    ...over,
  };
}

async function accountOf(id: number): Promise<UserAccount> {
  const all = (await list('admin')).body.result;
  const found = all.find((u) => u.userAccountID === id);
  if (!found) throw new Error(`no user ${id}`);
  return found;
}

async function createdBy(caller: Caller, over: Body = {}, contact: Body = {}): Promise<UserAccount> {
  const res = await create(w.tokens[caller], managerBody(over, contact));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

async function userCount(): Promise<number> {
  return (await t.deps.db.select({ id: userAccounts.id }).from(userAccounts)).length;
}

describe('GET /api/Account/GetAllUserAccounts', () => {
  it('answers an Administrator every account, in the specification shape', async () => {
    const res = await list('admin');
    expect(res.status).toBe(200);
    const ids = res.body.result.map((u) => u.userAccountID);
    expect(ids).toEqual(
      expect.arrayContaining(
        Object.values(w.users)
          .map((u) => u.id)
          .concat(managerB.id),
      ),
    );
    const manager = res.body.result.find((u) => u.userAccountID === w.users.managerA1.id);
    expect(manager).toEqual({
      userAccountID: w.users.managerA1.id,
      active: true,
      busEntityID: w.busA.id,
      siteIDs: [w.siteA1.id],
      contact: {
        contactID: expect.any(Number),
        email: w.users.managerA1.email,
        firstName: 'Test',
        middleName: null,
        lastName: expect.stringMatching(/^User \d+$/),
        cellPhone: null,
        businessPhone: null,
        businessExt: null,
      },
      roles: [{ roleID: Role.SiteManager }],
      userRoles: 'Site Manager',
      userAccountSites: [{ key: w.siteA1.id, value: 'Alder Cove Marina' }],
      busEntityName: w.busA.legalName,
    });
    const registered = res.body.result.find((u) => u.userAccountID === w.users.none.id);
    expect(registered).toMatchObject({
      roles: [{ roleID: Role.None }],
      userRoles: 'None',
      busEntityID: null,
      busEntityName: null,
    });
  });

  it('answers a Site Owner only the users of their business', async () => {
    const res = await list('ownerA');
    expect(res.status).toBe(200);
    expect(res.body.result.map((u) => u.userAccountID).sort()).toEqual(
      [w.users.ownerA.id, w.users.managerA1.id].sort(),
    );
    const mine = await list('ownerB');
    expect(mine.body.result.map((u) => u.userAccountID).sort()).toEqual([w.users.ownerB.id, managerB.id].sort());
  });

  it.each(['managerA1', 'none'] as const)('refuses %s (no user management)', async (caller) => {
    expect((await list(caller)).status).toBe(403);
  });

  it('refuses a caller without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Account/GetAllUserAccounts' });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/Account/CreateUserAccount', () => {
  it('an Administrator creates a Site Manager for two properties; the user gets a set-password link and signs in', async () => {
    const email = newEmail();
    const mailsBefore = t.mails.length;
    const res = await create(
      w.tokens.admin,
      managerBody(
        { siteIDs: [w.siteA1.id, w.siteA2.id] },
        {
          email: `  ${email.toUpperCase()} `,
          cellPhone: '(555)123-4567',
          businessPhone: '(555) 765-4321',
          businessExt: '42',
        },
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User created successfully');
    const created = res.body.result;
    expect(created).toMatchObject({
      active: true,
      busEntityID: w.busA.id,
      siteIDs: [w.siteA1.id, w.siteA2.id],
      roles: [{ roleID: Role.SiteManager }],
      userRoles: 'Site Manager',
      busEntityName: w.busA.legalName,
      contact: {
        email: email.toUpperCase(),
        firstName: 'Nia',
        middleName: null,
        cellPhone: '(555) 123-4567',
        businessPhone: '(555) 765-4321',
        businessExt: '42',
      },
    });

    expect(t.mails).toHaveLength(mailsBefore + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(email.toUpperCase());
    const token = mailedPasswordToken(t);

    // no password yet: signing in fails until the link is used
    const early = await t.call({
      method: 'POST',
      url: '/api/Account/Authenticate',
      payload: { Username: email, Password: 'Fresh#2026' },
    });
    expect(early.status).toBe(401);
    const check = await t.call({ method: 'GET', url: `/api/Account/PasswordTokenValidate?token=${token}` });
    expect(check.status).toBe(200);
    const set = await setPasswordWith(t, token, 'Fresh#2026');
    expect(set.status).toBe(200);
    const session = await signIn(t, { email, password: 'Fresh#2026' });
    const me = await t.call<{ roleID: number; siteIDs: number[] }>({ method: 'GET', url: '/api/me', token: session });
    expect(me.body.result).toMatchObject({ roleID: Role.SiteManager, siteIDs: [w.siteA1.id, w.siteA2.id] });

    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'createUserAccount'), eq(auditLog.entityId, String(created.userAccountID))));
    expect(entry).toMatchObject({ userAccountId: w.users.admin.id, before: null, after: created });
  });

  it('an Administrator creates a Site Owner; properties sent with another role are not stored', async () => {
    const created = await createdBy('admin', {
      busEntityID: w.busB.id,
      siteIDs: [w.siteB1.id],
      roles: [{ roleID: Role.SiteOwner }],
    });
    expect(created).toMatchObject({
      busEntityID: w.busB.id,
      siteIDs: [],
      userAccountSites: [],
      userRoles: 'Site Owner',
    });
  });

  it('a Site Owner creates a Site Manager of their own business without naming it', async () => {
    const created = await createdBy('ownerA', { busEntityID: null, siteIDs: [w.siteA2.id] });
    expect(created).toMatchObject({ busEntityID: w.busA.id, siteIDs: [w.siteA2.id], active: true });
    expect((await list('ownerA')).body.result.map((u) => u.userAccountID)).toContain(created.userAccountID);
  });

  it('reads property names in any case, as the original ASP.NET server did', async () => {
    const email = newEmail();
    const res = await create(w.tokens.ownerA, {
      BusEntityId: w.busA.id,
      SITEIDS: [w.siteA1.id],
      Contact: { Email: email, FirstName: 'Casey', LastName: 'Case' },
      Roles: [{ RoleId: Role.SiteManager }],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.contact).toMatchObject({ email, firstName: 'Casey' });
  });

  it('refuses an e-mail that another account has, in any case', async () => {
    const before = await userCount();
    const res = await create(w.tokens.admin, managerBody({}, { email: w.users.ownerB.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists.');
    expect(res.body.result.errors).toEqual([
      { field: 'contact.email', code: 'emailTaken', message: 'An account with this email already exists.' },
    ]);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['no role', { roles: [] }, {}, 'roles', 'Please Select a Role'],
    ['role 0', { roles: [{ roleID: 0 }] }, {}, 'roles.0.roleID', 'Please Select a Role'],
    ['a Site Manager without properties', { siteIDs: [] }, {}, 'siteIDs', 'Please Select Properties'],
    ['no first name', {}, { firstName: ' ' }, 'contact.firstName', 'Please provide First Name'],
    ['no last name', {}, { lastName: '' }, 'contact.lastName', 'Please provide Last Name'],
    ['a bad e-mail', {}, { email: 'nobody@' }, 'contact.email', 'Please provide valid email'],
    [
      'a short cell phone',
      {},
      { cellPhone: '(555) 123-456' },
      'contact.cellPhone',
      'Please provide a valid Mobile Phone Number',
    ],
    [
      'an unmasked office phone',
      {},
      { businessPhone: '5551234567' },
      'contact.businessPhone',
      'Please provide a valid Office Phone',
    ],
    [
      'letters in the extension',
      {},
      { businessExt: '12x' },
      'contact.businessExt',
      'Extension must be digits only, up to 10.',
    ],
    [
      'an 11-digit extension',
      {},
      { businessExt: '12345678901' },
      'contact.businessExt',
      'Extension must be digits only, up to 10.',
    ],
  ])('answers 400 for %s', async (_case, over, contact, field, message) => {
    const before = await userCount();
    const res = await create(w.tokens.admin, managerBody(over, contact));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.result.errors?.[0]).toMatchObject({ field, message });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['no business', () => ({ busEntityID: null })],
    ['a business that does not exist', () => ({ busEntityID: 999_999 })],
  ])('an Administrator gets 400 for %s', async (_case, over) => {
    const res = await create(w.tokens.admin, managerBody(over()));
    expect(res.status).toBe(400);
    expect(res.body.result.errors?.[0]).toMatchObject({
      field: 'busEntityID',
      message: 'Please Select a Business Entity',
    });
  });

  it('an Administrator gets 400 for properties outside the chosen business, archived or unknown', async () => {
    const before = await userCount();
    for (const siteIDs of [[w.siteA1.id, w.siteB1.id], [archivedA.id], [999_999]]) {
      const res = await create(w.tokens.admin, managerBody({ siteIDs }));
      expect(res.status, JSON.stringify(siteIDs)).toBe(400);
      expect(res.body.result.errors?.[0]).toMatchObject({
        field: 'siteIDs',
        message: 'One or more properties do not belong to the chosen business.',
      });
    }
    expect(await userCount()).toBe(before);
  });

  it('an Administrator cannot create another Administrator', async () => {
    const res = await create(w.tokens.admin, managerBody({ roles: [{ roleID: Role.Administrator }], siteIDs: [] }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot assign this role.');
  });

  describe('a Site Owner can never escalate (403, nothing stored)', () => {
    it.each([
      [
        'create an Administrator',
        () => ({ roles: [{ roleID: Role.Administrator }], siteIDs: [] }),
        'You cannot assign this role.',
      ],
      [
        'create a Site Owner',
        () => ({ roles: [{ roleID: Role.SiteOwner }], siteIDs: [] }),
        'You cannot assign this role.',
      ],
      ['create a user of another business', () => ({ busEntityID: w.busB.id }), 'You are not allowed to do this.'],
      [
        'assign a property of another business',
        () => ({ siteIDs: [w.siteA1.id, w.siteB1.id] }),
        'One or more properties are outside your business.',
      ],
      [
        'assign an archived property',
        () => ({ siteIDs: [archivedA.id] }),
        'One or more properties are outside your business.',
      ],
      [
        'assign a property that does not exist',
        () => ({ siteIDs: [999_999] }),
        'One or more properties are outside your business.',
      ],
    ])('%s', async (_case, over, message) => {
      const before = await userCount();
      const res = await create(w.tokens.ownerA, managerBody(over()));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(message);
      expect(await userCount()).toBe(before);
    });
  });

  it.each(['managerA1', 'none'] as const)('refuses %s', async (caller) => {
    expect((await create(w.tokens[caller], managerBody())).status).toBe(403);
  });

  it('refuses a caller without a token', async () => {
    expect((await create(undefined, managerBody())).status).toBe(401);
  });
});

describe('PUT /api/Account/UpdateUserAccount', () => {
  it('an Administrator edits a Site Owner; the e-mail stays, the change is audited with before and after', async () => {
    const owner = await createdBy('admin', {
      busEntityID: w.busB.id,
      siteIDs: [],
      roles: [{ roleID: Role.SiteOwner }],
    });
    const res = await update(
      w.tokens.admin,
      editBody(
        owner,
        {},
        {
          email: 'changed@example.com',
          lastName: 'Renamed',
          middleName: 'Q',
          businessPhone: '(555) 222-3333',
          businessExt: '',
        },
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(res.body.result.contact).toMatchObject({
      email: owner.contact.email,
      lastName: 'Renamed',
      middleName: 'Q',
      businessPhone: '(555) 222-3333',
      businessExt: null,
    });
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'updateUserAccount'), eq(auditLog.entityId, String(owner.userAccountID))));
    expect(entry).toMatchObject({ userAccountId: w.users.admin.id, before: owner, after: res.body.result });
  });

  it('an Administrator activates a self-registered account by giving it a role, business and properties', async () => {
    const reg = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'self.registered@example.com',
        fullname: 'Sam Self',
        username: 'samself',
        password: 'Self#2026x',
      },
    });
    expect(reg.status).toBe(200);
    const pending = await signIn(t, { email: 'self.registered@example.com', password: 'Self#2026x' });
    expect(
      (await t.call({ method: 'GET', url: '/api/site/GetSitesWithLocationStatesBasedOnUserRole', token: pending }))
        .status,
    ).toBe(403);

    const account = await accountOf(
      (await t.call<{ userAccountID: number }>({ method: 'GET', url: '/api/me', token: pending })).body.result
        .userAccountID,
    );
    expect(account).toMatchObject({ roles: [{ roleID: Role.None }], busEntityID: null });
    const res = await update(
      w.tokens.admin,
      editBody(account, { roles: [{ roleID: Role.SiteManager }], busEntityID: w.busA.id, siteIDs: [w.siteA2.id] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      roles: [{ roleID: Role.SiteManager }],
      busEntityID: w.busA.id,
      siteIDs: [w.siteA2.id],
    });
    // a role is a new set of rights: the pending session ends, and the next sign-in has the role
    expect((await t.call({ method: 'GET', url: '/api/me', token: pending })).status).toBe(401);
    const approved = await signIn(t, { email: 'self.registered@example.com', password: 'Self#2026x' });
    const me = await t.call<{ roleID: number; siteIDs: number[] }>({ method: 'GET', url: '/api/me', token: approved });
    expect(me.body.result).toMatchObject({ roleID: Role.SiteManager, siteIDs: [w.siteA2.id] });
  });

  it('an Administrator cannot give the Administrator role, nor role 0', async () => {
    const owner = await createdBy('admin', {
      busEntityID: w.busB.id,
      siteIDs: [],
      roles: [{ roleID: Role.SiteOwner }],
    });
    expect((await update(w.tokens.admin, editBody(owner, { roles: [{ roleID: Role.Administrator }] }))).status).toBe(
      403,
    );
    expect((await update(w.tokens.admin, editBody(owner, { roles: [{ roleID: Role.None }] }))).status).toBe(400);
  });

  it.each([
    ['a Site Manager (View User: read-only)', () => w.users.managerA1.id, 403],
    ['another Administrator', () => w.users.admin.id, 403],
    ['an account that does not exist', () => 999_999, 404],
  ])('an Administrator cannot edit %s', async (_case, id, status) => {
    const target = id() === 999_999 ? null : await accountOf(id());
    const body = target
      ? editBody(target, { busEntityID: w.busA.id, siteIDs: [w.siteA1.id] })
      : { ...managerBody(), userAccountID: 999_999 };
    expect((await update(w.tokens.admin, body)).status).toBe(status);
  });

  it('an Administrator cannot edit their own account here', async () => {
    const other = await buildUser(t.deps.db, { roleId: Role.Administrator });
    const token = await signIn(t, other);
    const self = await accountOf(other.id);
    expect(
      (await update(token, editBody(self, { roles: [{ roleID: Role.SiteOwner }], busEntityID: w.busA.id }))).status,
    ).toBe(403);
  });

  it('a Site Owner edits a Site Manager of their business and changes the properties', async () => {
    const manager = await createdBy('ownerA');
    const res = await update(
      w.tokens.ownerA,
      editBody(manager, { siteIDs: [w.siteA2.id, w.siteA1.id] }, { firstName: 'Nora' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ siteIDs: [w.siteA1.id, w.siteA2.id], contact: { firstName: 'Nora' } });
    expect(res.body.result.userAccountSites.map((s) => s.value)).toEqual(['Alder Cove Marina', 'Birch Hollow RV Park']);
  });

  it('keeps the account active when the request leaves the flag out', async () => {
    const manager = await createdBy('ownerA');
    const { active: _active, ...body } = editBody(manager);
    const res = await update(w.tokens.ownerA, body);
    expect(res.status).toBe(200);
    expect(res.body.result.active).toBe(true);
  });

  describe('a Site Owner can never escalate (403, nothing changed)', () => {
    let manager: UserAccount;
    beforeAll(async () => {
      manager = await createdBy('ownerA');
    });

    it.each([
      [
        'make the manager an Administrator',
        () => ({ roles: [{ roleID: Role.Administrator }] }),
        'You cannot assign this role.',
      ],
      [
        'make the manager a Site Owner',
        () => ({ roles: [{ roleID: Role.SiteOwner }], siteIDs: [] }),
        'You cannot assign this role.',
      ],
      ['move the manager to another business', () => ({ busEntityID: w.busB.id }), 'You are not allowed to do this.'],
      [
        'assign a property of another business',
        () => ({ siteIDs: [w.siteB1.id] }),
        'One or more properties are outside your business.',
      ],
    ])('%s', async (_case, over, message) => {
      const res = await update(w.tokens.ownerA, editBody(manager, over()));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(message);
      expect(await accountOf(manager.userAccountID)).toEqual(manager);
    });

    it.each([
      ['a Site Manager of another business', () => managerB.id],
      ['an Administrator', () => w.users.admin.id],
      ['another Site Owner', () => w.users.ownerB.id],
      ['their own account', () => w.users.ownerA.id],
      ['a self-registered account', () => w.users.none.id],
    ])('edit %s', async (_case, id) => {
      const target = await accountOf(id());
      const res = await update(
        w.tokens.ownerA,
        editBody(
          target,
          { roles: [{ roleID: Role.SiteManager }], busEntityID: w.busA.id, siteIDs: [w.siteA1.id] },
          { firstName: 'Hijacked' },
        ),
      );
      expect(res.status).toBe(403);
      expect(await accountOf(id())).toEqual(target);
    });

    it('edit an account that does not exist (403, not 404: ids reveal nothing)', async () => {
      expect((await update(w.tokens.ownerA, { ...managerBody(), userAccountID: 999_999 })).status).toBe(403);
    });
  });

  it('deactivating a user ends their sessions at once; reactivating lets them sign in again', async () => {
    const db = t.deps.db;
    const person = await buildUser(db, { roleId: Role.SiteManager, busEntityId: w.busA.id, siteIds: [w.siteA1.id] });
    const session = await signIn(t, person);
    expect((await t.call({ method: 'GET', url: '/api/me', token: session })).status).toBe(200);

    const account = await accountOf(person.id);
    const off = await update(w.tokens.ownerA, editBody(account, { active: false }));
    expect(off.status).toBe(200);
    expect(off.body.result.active).toBe(false);

    expect((await t.call({ method: 'GET', url: '/api/me', token: session })).status).toBe(401);
    const refresh = await t.call({ method: 'POST', url: '/api/Account/RefreshToken', payload: { Token: session } });
    expect(refresh.status).toBe(401);
    await expect(signIn(t, person)).rejects.toThrow(/401/);

    const on = await update(w.tokens.ownerA, editBody(off.body.result, { active: true }));
    expect(on.body.result.active).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/me', token: session })).status).toBe(401);
    const fresh = await signIn(t, person);
    expect((await t.call({ method: 'GET', url: '/api/me', token: fresh })).status).toBe(200);
  });

  it('a new business ends the sessions of the account (a new role: see the approval above)', async () => {
    const owner = await buildUser(t.deps.db, { roleId: Role.SiteOwner, busEntityId: w.busA.id });
    const session = await signIn(t, owner);
    const moved = await update(w.tokens.admin, editBody(await accountOf(owner.id), { busEntityID: w.busB.id }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/me', token: session })).status).toBe(401);
    const again = await signIn(t, owner);
    const me = await t.call<{ busEntityID: number }>({ method: 'GET', url: '/api/me', token: again });
    expect(me.body.result.busEntityID).toBe(w.busB.id);
  });

  it('a change of properties applies to the open session at once, without ending it', async () => {
    const person = await buildUser(t.deps.db, {
      roleId: Role.SiteManager,
      busEntityId: w.busA.id,
      siteIds: [w.siteA1.id],
    });
    const session = await signIn(t, person);
    const moved = await update(w.tokens.ownerA, editBody(await accountOf(person.id), { siteIDs: [w.siteA2.id] }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const seen = await t.call<Array<{ siteID: number }>>({
      method: 'GET',
      url: '/api/site/GetSitesWithLocationStatesBasedOnUserRole',
      token: session,
    });
    expect(seen.body.result.map((x) => x.siteID)).toEqual([w.siteA2.id]);
  });

  it.each(['managerA1', 'none'] as const)('refuses %s', async (caller) => {
    const target = await accountOf(w.users.managerA1.id);
    expect((await update(w.tokens[caller], editBody(target))).status).toBe(403);
  });
});
