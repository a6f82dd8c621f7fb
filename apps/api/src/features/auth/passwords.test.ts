import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userAccounts } from '../../db/schema';
import { buildUser, changePassword, mailedPasswordToken, setPasswordWith, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration', () => {
  const registerAs = (payload: object) => t.call<string>({ method: 'POST', url: '/api/auth/register', payload });

  it('creates an account with no role that can sign in and see nothing else, and mails its owner', async () => {
    const res = await registerAs({
      email: 'new.guest@test.local',
      fullname: 'Nora Newcomer',
      username: 'nora',
      password: 'Start#2026',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('Thank you for signing up. We have sent you an e-mail: follow it to sign in.');
    expect(t.mails.at(-1)).toMatchObject({ to: 'new.guest@test.local', subject: 'Welcome to the Metering Portal' });
    const token = await signIn(t, { email: 'new.guest@test.local', password: 'Start#2026' });
    const me = await t.call<{ roleID: number; permissions: string[]; firstName: string; lastName: string }>({
      method: 'GET',
      url: '/api/me',
      token,
    });
    expect(me.body.result).toMatchObject({ roleID: 0, permissions: [], firstName: 'Nora', lastName: 'Newcomer' });
  });

  it('answers a known e-mail exactly as a new one, changes nothing, and tells the owner by mail', async () => {
    const owner = await buildUser(t.deps.db);
    const known = await registerAs({
      email: owner.email.toUpperCase(),
      fullname: 'Mal Lory',
      username: 'mal',
      password: 'Start#2026',
    });
    const fresh = await registerAs({
      email: 'fresh@test.local',
      fullname: 'Fre Sh',
      username: 'fresh',
      password: 'Start#2026',
    });
    expect([known.status, known.body]).toEqual([fresh.status, fresh.body]);
    expect(t.mails.at(-2)).toMatchObject({ to: owner.email, subject: 'Your Metering Portal account' });
    expect(await signIn(t, owner)).toBeTruthy();
    const [row] = await t.deps.db.select().from(userAccounts).where(eq(userAccounts.id, owner.id));
    expect(row!.username).not.toBe('mal');
  });

  it('refuses a username already taken, with the field', async () => {
    const res = await t.call<{ errors: Array<{ field: string; message: string }> }>({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'other@test.local', username: 'NORA', fullname: 'Dup Licate', password: 'Start#2026' },
    });
    expect(res.status).toBe(409);
    expect(res.body.result.errors).toEqual([
      expect.objectContaining({ field: 'username', message: 'This username is already taken.' }),
    ]);
  });

  it('checks the password policy on the server', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'weak@test.local', fullname: 'Weak Pass', username: 'weak', password: 'password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Password must have minimum 8 characters, having at least one uppercase, one lowercase, one digit and one special character.',
    );
  });
});

describe('forgot password', () => {
  it('answers the same text whether or not the address exists, and mails only a real one', async () => {
    const user = await buildUser(t.deps.db);
    const before = t.mails.length;
    const known = await t.call({ method: 'PUT', url: `/api/Account/ForgotPasswordRequest?email=${user.email}` });
    const unknown = await t.call({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@test.local' },
    });
    expect(known.status).toBe(200);
    expect(unknown.body.result).toBe(known.body.result);
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.to).toBe(user.email);
  });

  it("answers 'Please enter a valid email address' for a malformed one", async () => {
    const res = await t.call({ method: 'PUT', url: '/api/Account/ForgotPasswordRequest?email=nope' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });

  it('sets a new password through the mailed link, once, and ends the old sessions', async () => {
    const user = await buildUser(t.deps.db);
    const oldToken = await signIn(t, user);
    await t.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const token = mailedPasswordToken(t);

    const valid = await t.call({ method: 'GET', url: `/api/Account/PasswordTokenValidate?token=${token}` });
    expect(valid.status).toBe(200);

    const weak = await setPasswordWith(t, token, 'short');
    expect(weak.status).toBe(400);

    const set = await setPasswordWith(t, token, 'Fresh#2026');
    expect(set.status).toBe(200);
    expect(await signIn(t, { email: user.email, password: 'Fresh#2026' })).toBeTruthy();
    expect((await t.call({ method: 'GET', url: '/api/me', token: oldToken })).status).toBe(401);

    const again = await setPasswordWith(t, token, 'Other#2026');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid token is provided.');
    const revalidate = await t.call({ method: 'GET', url: `/api/Account/PasswordTokenValidate?token=${token}` });
    expect(revalidate.status).toBe(400);
  });

  it('ends every other link of the account once its password is set, by a link or by a change', async () => {
    const user = await buildUser(t.deps.db);
    const resetLink = async () => {
      await t.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      return mailedPasswordToken(t);
    };

    const first = await resetLink();
    const second = await resetLink();
    expect((await setPasswordWith(t, second, 'Second#2026')).status).toBe(200);
    expect((await setPasswordWith(t, first, 'First#2026')).status).toBe(400);

    const beforeChange = await resetLink();
    const token = await signIn(t, { email: user.email, password: 'Second#2026' });
    const changed = await changePassword(t, token, 'Second#2026', 'Changed#2026');
    expect(changed.status).toBe(200);
    expect((await setPasswordWith(t, beforeChange, 'Stolen#2026')).status).toBe(400);
    expect(await signIn(t, { email: user.email, password: 'Changed#2026' })).toBeTruthy();
  });

  it('refuses a link older than one hour', async () => {
    const user = await buildUser(t.deps.db);
    await t.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const token = mailedPasswordToken(t);
    t.clock.advance(61 * 60_000);
    const res = await setPasswordWith(t, token, 'Fresh#2026');
    t.clock.set(new Date());
    expect(res.status).toBe(400);
  });

  it('keeps only a hash of the token', async () => {
    const user = await buildUser(t.deps.db);
    await t.call({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const token = mailedPasswordToken(t);
    const stored = await t.deps.db.query.passwordTokens.findMany();
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
  });
});

describe('change password', () => {
  it('needs the current password, then answers a fresh login that works', async () => {
    const user = await buildUser(t.deps.db);
    const token = await signIn(t, user);
    const wrong = await changePassword(t, token, 'Nope#2026', 'Next#2026a');
    expect(wrong.status).toBe(400);
    const ok = await changePassword(t, token, user.password, 'Next#2026a');
    expect(ok.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/me', token: ok.body.result.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/me', token })).status).toBe(401);
    const [row] = await t.deps.db.select().from(userAccounts).where(eq(userAccounts.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
