import { createHash, randomBytes } from 'node:crypto';
import {
  Role,
  rolePermissions,
  roleNames,
  isRoleId,
  type LoginResult,
  type Me,
  type RegisterRequest,
} from '@portal/contract';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { audit } from '../../access/audit';
import { queueMail, type Mail } from '../../lib/mailer';
import { AppError, conflict, invalid, notFound, unauthenticated } from '../../lib/errors';
import { hashPassword, verifyPassword } from './passwords';
import * as queries from './queries';
import * as throttle from './throttle';
import { openSession, revokeSession, rotate, type SessionRef } from './sessions';
import { announce } from '../../hub/events';
import type { Actor, CallerContext, UserContext } from '../../access/actor';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Logs what a visitor did to an account as its owner (signed in, registered, asked for or used
 * a reset link): the account, when there is one, is both what was acted on and who acted.
 */
const auditOwnersAct = (q: Queryable, actor: Actor, action: string, accountId: number | null, after?: object) =>
  audit(q, actor, { action, entityType: 'userAccount', entityId: accountId, userAccountId: accountId, after });

/** A token for the account in `session` (opened in the sign-in's transaction, or moved on by a refresh). */
async function issue(
  deps: Deps,
  user: { id: number; tokenVersion: number; roleId: number },
  session: SessionRef,
): Promise<LoginResult> {
  const { sessionId, generation, expiresAt: sessionEnds } = session;
  const { token, expiresAt } = await deps.tokens.sign(
    { userAccountId: user.id, tokenVersion: user.tokenVersion, roleId: user.roleId, sessionId, generation },
    deps.now(),
    sessionEnds,
  );
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    userAccountBasicInfo: { userAccountID: user.id, roleID: user.roleId },
  };
}

/**
 * Signs in by e-mail. Every failure answers the same text, and takes the same work for a
 * known and an unknown e-mail; repeated failures slow down that e-mail from that address,
 * and that address (see throttle.ts).
 */
export async function authenticate(ctx: CallerContext, login: string, password: string): Promise<LoginResult> {
  const now = ctx.now();
  if (await throttle.mustWait(ctx.db, login, ctx.actor.ip, now))
    throw new AppError('tooManyRequests', 'tooManyAttempts');
  const account = await queries.findAccountForLogin(ctx.db, login);
  const ok = await verifyPassword(account?.passwordHash ?? null, password);
  if (!account || !ok || !account.active) {
    await ctx.db.transaction(async (tx) => {
      await throttle.recordFailure(tx, login, ctx.actor.ip, now);
      await audit(tx, ctx.actor, {
        action: 'signInFailed',
        entityType: 'userAccount',
        entityId: account?.id ?? null,
        after: { login: login.slice(0, 254) },
      });
    });
    throw unauthenticated('loginIncorrect');
  }
  const session = await ctx.db.transaction(async (tx) => {
    await throttle.recordSuccess(tx, login, ctx.actor.ip);
    await queries.recordLogin(tx, account.id, now);
    await auditOwnersAct(tx, ctx.actor, 'signIn', account.id);
    return openSession(tx, account.id, now);
  });
  return issue(ctx, account, session);
}

/**
 * A fresh token for the newest one of a live session, which the old one no longer opens;
 * refused once the account is inactive, the session ended, or an old token is replayed.
 */
export async function refresh(deps: Deps, token: string): Promise<LoginResult> {
  const now = deps.now();
  const claims = await deps.tokens.verify(token, now);
  const next = claims && (await deps.db.transaction((tx) => rotate(tx, claims, now)));
  // not a call with the new token yet: its first call starts the old one's grace
  const principal = next && (await queries.loadPrincipal(deps.db, claims, now, true));
  if (!principal) throw unauthenticated('sessionExpired');
  return issue(
    deps,
    { id: principal.userAccountId, tokenVersion: claims.tokenVersion, roleId: principal.roleId },
    next,
  );
}

/** Ends the caller's session: its tokens open nothing any more, the live hub included. */
export async function signOut(ctx: UserContext): Promise<void> {
  const { user } = ctx.actor;
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, user.sessionId, ctx.now());
    await audit(tx, ctx.actor, { action: 'signOut', entityType: 'userAccount', entityId: user.userAccountId });
    await announce(tx, [{ type: 'accessChanged', userAccountId: user.userAccountId }]);
  });
}

export async function me(deps: Deps, userAccountId: number, assignedSiteIds: number[]): Promise<Me> {
  const account = await queries.findAccountById(deps.db, userAccountId);
  if (!account || !isRoleId(account.roleId)) throw notFound('user');
  return {
    userAccountID: account.id,
    roleID: account.roleId,
    roleName: roleNames[account.roleId],
    email: account.email,
    username: account.username,
    firstName: account.firstName,
    lastName: account.lastName,
    busEntityID: account.busEntityId,
    busEntityName: account.busEntityName,
    permissions: [...rolePermissions[account.roleId]],
    siteIDs: assignedSiteIds,
  };
}

/**
 * Self-registration: an account with no role that sees nothing until an administrator gives
 * it one. The answer is the same whether the e-mail is new or already has an account, and so
 * is the work: the new address gets a welcome mail, the known one a note that it already has
 * an account (with the way to reset its password).
 */
export async function register(ctx: CallerContext, input: RegisterRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const [firstName, ...rest] = input.fullname.trim().split(/\s+/);
  await ctx.db.transaction(async (tx) => {
    const taken = await queries.emailOrUsernameTaken(tx, input.email, input.username);
    if (taken.username) throw conflict('usernameTaken', 'username');
    const created = taken.email
      ? null
      : await queries.createAccount(tx, {
          email: input.email,
          username: input.username,
          passwordHash,
          firstName: firstName ?? input.fullname,
          lastName: rest.join(' '),
          roleId: Role.None,
          active: true,
        });
    await queueMail(tx, taken.email ? alreadyRegisteredMail(ctx, taken.email) : welcomeMail(ctx, input.email));
    await auditOwnersAct(tx, ctx.actor, created ? 'register' : 'registerKnownEmail', created?.id ?? null, {
      email: input.email,
      username: input.username,
    });
  });
}

const welcomeMail = (deps: Deps, email: string): Mail => ({
  to: email,
  subject: 'Welcome to the Metering Portal',
  body: [
    'Your Metering Portal account is ready. Sign in with this e-mail address and the password you chose:',
    `${deps.config.publicUrl}/auth/login`,
    '',
    'An administrator gives your account its role; until then you will see that it awaits approval.',
  ].join('\n'),
});

const alreadyRegisteredMail = (deps: Deps, email: string): Mail => ({
  to: email,
  subject: 'Your Metering Portal account',
  body: [
    'Someone asked to sign up for the Metering Portal with this e-mail address, which already has an account.',
    `If it was you, sign in at ${deps.config.publicUrl}/auth/login, or set a new password at`,
    `${deps.config.publicUrl}/auth/forgot-password.`,
    '',
    'If it was not you, ignore this message: nothing has changed.',
  ].join('\n'),
});

/**
 * Mails a single-use link valid for one hour. The answer never tells whether the address
 * exists, and takes the same work either way: one transaction with an audit row, the mail
 * queued for the delivery job.
 */
export async function requestPasswordReset(ctx: CallerContext, email: string): Promise<void> {
  const account = await queries.findAccountByEmail(ctx.db, email);
  const known = account?.active ? account : null;
  await ctx.db.transaction(async (tx) => {
    if (known) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(ctx.now().getTime() + RESET_TOKEN_TTL_MS);
      await queries.insertPasswordToken(tx, known.id, sha256(token), 'reset', expiresAt);
      await queueMail(tx, resetMail(known, setPasswordLink(ctx, token)));
    }
    await auditOwnersAct(
      tx,
      ctx.actor,
      'passwordResetRequested',
      known?.id ?? null,
      known ? undefined : { email: email.slice(0, 254) },
    );
  });
}

const resetMail = (account: { email: string; firstName: string }, link: string): Mail => ({
  to: account.email,
  subject: 'Set your Metering Portal password',
  body: [
    `Hello ${account.firstName},`,
    '',
    'Follow this link within one hour to set a new password:',
    link,
    '',
    'If you did not ask for this, ignore this message.',
  ].join('\n'),
});

export function setPasswordLink(deps: Deps, token: string): string {
  return `${deps.config.publicUrl}/auth/set-password/${token}`;
}

/** Creates an invitation token for a new user (used by user management). */
export async function createInviteToken(
  deps: Deps,
  tx: Parameters<typeof queries.insertPasswordToken>[0],
  userAccountId: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await queries.insertPasswordToken(
    tx,
    userAccountId,
    sha256(token),
    'invite',
    new Date(deps.now().getTime() + 7 * 24 * RESET_TOKEN_TTL_MS),
  );
  return token;
}

export async function validateResetToken(deps: Deps, token: string): Promise<void> {
  if (!(await queries.findLiveToken(deps.db, sha256(token), deps.now()))) throw invalid('invalidToken', 'token');
}

export async function completePasswordReset(ctx: CallerContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const used = await queries.consumeToken(tx, sha256(token), ctx.now());
    if (!used) throw invalid('invalidToken', 'token');
    await queries.setPassword(tx, used.userAccountId, passwordHash);
    await auditOwnersAct(tx, ctx.actor, 'passwordReset', used.userAccountId);
  });
}

/** Changes the caller's password, ends their other sessions and hands back a fresh login. */
export async function changePassword(
  ctx: CallerContext,
  userAccountId: number,
  current: string,
  next: string,
): Promise<LoginResult> {
  const account = await queries.findAccountById(ctx.db, userAccountId);
  if (!account || !(await verifyPassword(account.passwordHash, current)))
    throw invalid('currentPasswordWrong', 'currentPassword');
  const passwordHash = await hashPassword(next);
  const { updated, session } = await ctx.db.transaction(async (tx) => {
    const row = await queries.setPassword(tx, userAccountId, passwordHash);
    await audit(tx, ctx.actor, { action: 'passwordChanged', entityType: 'userAccount', entityId: userAccountId });
    return { updated: row, session: await openSession(tx, userAccountId, ctx.now()) };
  });
  return issue(ctx, { id: userAccountId, tokenVersion: updated.tokenVersion, roleId: updated.roleId }, session);
}
