import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { Role } from '@portal/contract';
import { auditLog, userAccounts } from '../../db/schema';
import { buildUser, signIn } from '../../test/factories';
import { createTestApp, TEST_SECRET, type TestApp } from '../../test/harness';
import { SESSION_HOURS } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const authenticate = (Username: string, Password: string, remoteAddress = '127.0.0.1') =>
  t.call<{ token: string; expiresAt: string; userAccountBasicInfo: { userAccountID: number; roleID: number } }>({
    method: 'POST',
    url: '/api/Account/Authenticate',
    payload: { Username, Password },
    remoteAddress,
  });

describe('POST /api/Account/Authenticate', () => {
  it('answers the token, its expiry and the basic info in the envelope', async () => {
    const user = await buildUser(t.deps.db, { roleId: Role.SiteOwner });
    const res = await authenticate(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, statusCode: 200, message: null, exceptionMessage: null });
    expect(res.body.result.userAccountBasicInfo).toEqual({ userAccountID: user.id, roleID: Role.SiteOwner });
    const ttl = new Date(res.body.result.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('matches paths and property names without regard to case', async () => {
    const user = await buildUser(t.deps.db);
    const res = await t.call({
      method: 'POST',
      url: '/API/account/AUTHENTICATE',
      payload: { username: user.email.toUpperCase(), PASSWORD: user.password },
    });
    expect(res.status).toBe(200);
  });

  it('answers the same text for a wrong password and an unknown e-mail', async () => {
    const user = await buildUser(t.deps.db);
    const wrong = await authenticate(user.email, 'Wrong#2026');
    const unknown = await authenticate('nobody@test.local', 'Wrong#2026');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, message: 'The login detail is incorrect', statusCode: 401 });
    }
  });

  it('refuses an inactive account with the same text', async () => {
    const user = await buildUser(t.deps.db, { active: false });
    const res = await authenticate(user.email, user.password);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('The login detail is incorrect');
  });

  it.each([
    [{ Username: '', Password: 'x' }, 'Username', 'Required field'],
    [{ Username: 'not-an-email', Password: 'x' }, 'Username', 'Field is not valid'],
    [{ Username: 'a@b.co' }, 'Password', 'Required field'],
  ])('rejects invalid input %j with the field and the specification text', async (payload, field, message) => {
    const res = await t.call<{ errors: Array<{ field: string; message: string }> }>({
      method: 'POST',
      url: '/api/Account/Authenticate',
      payload,
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it('slows an e-mail down after five failures from an address and lets the owner in once the wait is over', async () => {
    const user = await buildUser(t.deps.db);
    for (let i = 0; i < 5; i++) expect((await authenticate(user.email, 'Wrong#2026', '10.0.0.5')).status).toBe(401);
    const waiting = await authenticate(user.email, user.password, '10.0.0.5');
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe('Too many attempts. Please wait a moment and try again.');
    t.clock.advance(61_000);
    expect((await authenticate(user.email, user.password, '10.0.0.5')).status).toBe(200);
    // the right password cleared the count: one more failure does not wait
    expect((await authenticate(user.email, 'Wrong#2026', '10.0.0.5')).status).toBe(401);
    expect((await authenticate(user.email, user.password, '10.0.0.5')).status).toBe(200);
    t.clock.set(new Date());
  });

  it("never refuses the right password from another address because of someone else's failures", async () => {
    const admin = await buildUser(t.deps.db, { roleId: Role.Administrator });
    for (let i = 0; i < 12; i++) await authenticate(admin.email, 'Wrong#2026', '10.0.0.66');
    expect((await authenticate(admin.email, admin.password, '10.0.0.66')).status).toBe(429);
    expect((await authenticate(admin.email, admin.password, '10.0.0.7')).status).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one, waits included', async () => {
    const known = await buildUser(t.deps.db);
    const answers = async (email: string, address: string) => {
      const seen: Array<[number, string | null]> = [];
      for (let i = 0; i < 7; i++) {
        const res = await authenticate(email, 'Wrong#2026', address);
        seen.push([res.status, res.body.message]);
      }
      return seen;
    };
    const forKnown = await answers(known.email, '10.0.1.1');
    expect(await answers('nobody-here@test.local', '10.0.1.2')).toEqual(forKnown);
    expect(forKnown.map(([status]) => status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('slows down an address that tries many e-mails', async () => {
    for (let i = 0; i < 30; i++) await authenticate(`sprayed-${i}@test.local`, 'Wrong#2026', '10.0.2.1');
    const user = await buildUser(t.deps.db);
    expect((await authenticate(user.email, user.password, '10.0.2.1')).status).toBe(429);
    expect((await authenticate(user.email, user.password, '10.0.2.2')).status).toBe(200);
  });

  it('records sign-in events in the audit log without the password', async () => {
    const user = await buildUser(t.deps.db);
    await authenticate(user.email, 'Wrong#2026');
    await signIn(t, user);
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['signInFailed', 'signIn']));
    expect(JSON.stringify(entries)).not.toContain('Wrong#2026');
  });
});

describe('tokens', () => {
  const me = (token: string) =>
    t.call<{ userAccountID: number; permissions: string[] }>({ method: 'GET', url: '/api/me', token });

  it('GET /api/me answers the profile and the permissions of the role', async () => {
    const user = await buildUser(t.deps.db, { roleId: Role.SiteManager });
    const res = await me(await signIn(t, user));
    expect(res.status).toBe(200);
    expect(res.body.result.userAccountID).toBe(user.id);
    expect(res.body.result.permissions.sort()).toEqual(['dashboard', 'manageProperties', 'manageTransactions']);
  });

  it.each(['bearer', 'BEARER', 'Bearer', 'bEaReR'])(
    'reads the scheme %s of the Authorization header, as RFC 9110 has it',
    async (scheme) => {
      const token = await signIn(t, await buildUser(t.deps.db));
      const res = await t.call({ method: 'GET', url: '/api/me', headers: { authorization: `${scheme}  ${token}` } });
      expect(res.status).toBe(200);
    },
  );

  it('refuses a call without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/api/me' });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('refuses alg none, a wrong signature and an expired token', async () => {
    const user = await buildUser(t.deps.db);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = {
      sub: String(user.id),
      ver: 0,
      role: 1,
      iss: 'metering-portal',
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(TEST_SECRET));
    for (const token of [unsigned, forged, hs512]) expect((await me(token)).status).toBe(401);

    const token = await signIn(t, user);
    expect((await me(token)).status).toBe(200);
    t.clock.advance(61 * 60_000);
    expect((await me(token)).status).toBe(401);
    t.clock.set(new Date());
  });

  it('refuses the token of a deactivated user, on calls and on refresh', async () => {
    const user = await buildUser(t.deps.db);
    const token = await signIn(t, user);
    await t.deps.db.update(userAccounts).set({ active: false }).where(eq(userAccounts.id, user.id));
    expect((await me(token)).status).toBe(401);
    const refreshed = await t.call({ method: 'POST', url: '/api/Account/RefreshToken', payload: { Token: token } });
    expect(refreshed.status).toBe(401);
  });

  it('refresh answers a new working token', async () => {
    const user = await buildUser(t.deps.db);
    const token = await signIn(t, user);
    t.clock.advance(5_000);
    const res = await t.call<{ token: string; expiresAt: string }>({
      method: 'POST',
      url: '/api/Account/RefreshToken',
      payload: { token },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.token).not.toBe(token);
    expect((await me(res.body.result.token)).status).toBe(200);
    t.clock.set(new Date());
  });

  const refresh = async (token: string) => {
    const res = await t.call<{ token: string }>({
      method: 'POST',
      url: '/api/Account/RefreshToken',
      payload: { token },
    });
    return res.status === 200 ? res.body.result.token : null;
  };

  it('a refreshed token opens nothing once its successor is in use and the calls already on their way have had their moment', async () => {
    const user = await buildUser(t.deps.db);
    const first = await signIn(t, user);
    const second = (await refresh(first))!;
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
    t.clock.advance(31_000);
    expect((await me(first)).status).toBe(401);
    expect(await refresh(first)).toBeNull();
    t.clock.set(new Date());
  });

  it('keeps the session when a refresh answer is lost: the old token works and refreshes again until the new one is used', async () => {
    const user = await buildUser(t.deps.db);
    const first = await signIn(t, user);
    await refresh(first); // the answer never reached the browser (a reload, a dropped connection)
    t.clock.advance(5 * 60_000);
    expect((await me(first)).status).toBe(200);
    const again = (await refresh(first))!;
    expect((await me(again)).status).toBe(200);
    const next = (await refresh(again))!;
    expect((await me(next)).status).toBe(200);
    t.clock.set(new Date());
  });

  it('ends the session when a rotated-out token is used to refresh: a copy is in other hands', async () => {
    const user = await buildUser(t.deps.db);
    const stolen = await signIn(t, user);
    const mine = (await refresh(stolen))!;
    t.clock.advance(31_000);
    const newest = (await refresh(mine))!;
    expect(await refresh(stolen)).toBeNull();
    expect((await me(newest)).status).toBe(401);
    expect(await refresh(newest)).toBeNull();
    t.clock.set(new Date());
  });

  it('gives two tabs refreshing the same token at once the same session', async () => {
    const user = await buildUser(t.deps.db);
    const token = await signIn(t, user);
    const [a, b] = await Promise.all([refresh(token), refresh(token)]);
    expect((await me(a!)).status).toBe(200);
    expect((await me(b!)).status).toBe(200);
  });

  it('cannot be refreshed past the absolute lifetime of the sign-in', async () => {
    const user = await buildUser(t.deps.db);
    let token: string | null = await signIn(t, user);
    let hours = 0;
    for (; token && hours < 24; hours++) {
      t.clock.advance(3_600_000 - 60_000);
      token = await refresh(token);
    }
    t.clock.set(new Date());
    expect(token).toBeNull();
    expect(hours).toBe(SESSION_HOURS + 1);
  });

  it('signs out: the token and its refresh open nothing, other sessions go on', async () => {
    const user = await buildUser(t.deps.db);
    const here = await signIn(t, user);
    const elsewhere = await signIn(t, user);
    const out = await t.call({ method: 'POST', url: '/api/Account/SignOut', token: here });
    expect(out.status).toBe(200);
    expect((await me(here)).status).toBe(401);
    expect(await refresh(here)).toBeNull();
    expect((await me(elsewhere)).status).toBe(200);
  });
});
