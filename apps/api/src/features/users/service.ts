import type { CreateUserAccountRequest, UpdateUserAccountRequest, UserAccount } from '@portal/contract';
import type { Tx } from '../../db/client';
import { announce } from '../../hub/events';
import { audit } from '../../access/audit';
import { queueMail, type Mail } from '../../lib/mailer';
import { conflict, isUniqueViolation } from '../../lib/errors';
import { scopeOf } from '../../access/scope';
import { createInviteToken, setPasswordLink } from '../auth';
import { checkAssignment, requireManagedUser } from './policy';
import { presentUser } from './presenter';
import * as queries from './queries';
import type { UserContext } from '../../access/actor';

/** Manage Users: the accounts the caller may see (every one for an Administrator, their business's for a Site Owner). */
export async function list(ctx: UserContext): Promise<UserAccount[]> {
  const { user } = ctx.actor;
  return (await queries.listUsers(ctx.db, scopeOf(user))).map(presentUser);
}

function contactValues(contact: CreateUserAccountRequest['contact']): queries.ContactValues {
  return {
    firstName: contact.firstName,
    middleName: contact.middleName,
    lastName: contact.lastName,
    cellPhone: contact.cellPhone,
    businessPhone: contact.businessPhone,
    businessExt: contact.businessExt,
  };
}

/** The state of an account as the audit log keeps it. */
async function snapshot(tx: Tx, userAccountId: number) {
  const row = await queries.findUser(tx, { kind: 'all' }, userAccountId);
  return row && presentUser(row);
}

const inviteMail = (account: UserAccount, link: string): Mail => ({
  to: account.contact.email,
  subject: 'Your Metering Portal account',
  body: [
    `Hello ${account.contact.firstName},`,
    '',
    'An account has been created for you on the Metering Portal.',
    'Follow this link within seven days to set your password:',
    link,
    '',
    `Then sign in with this e-mail address: ${account.contact.email}`,
  ].join('\n'),
});

/**
 * Creates an account without a password, with the role, business and properties the
 * caller may give, and mails its owner a link to set a password (the mail is queued with
 * the account: both or neither).
 */
export async function create(ctx: UserContext, body: CreateUserAccountRequest): Promise<UserAccount> {
  const { user } = ctx.actor;
  const account = await ctx.db
    .transaction(async (tx) => {
      const assignment = await checkAssignment(tx, user, {
        roleId: body.roles[0]!.roleID,
        busEntityId: body.busEntityID,
        siteIds: body.siteIDs,
      });
      if (await queries.emailTaken(tx, body.contact.email)) throw conflict('emailTaken', 'contact.email');
      const id = await queries.insertUser(tx, body.contact.email, contactValues(body.contact), {
        roleId: assignment.roleId,
        busEntityId: assignment.busEntityId,
        active: true,
      });
      await queries.replaceSites(tx, id, assignment.siteIds);
      const created = (await snapshot(tx, id))!;
      await audit(tx, ctx.actor, {
        action: 'createUserAccount',
        entityType: 'userAccount',
        entityId: id,
        after: created,
      });
      await queueMail(tx, inviteMail(created, setPasswordLink(ctx, await createInviteToken(ctx, tx, id))));
      return created;
    })
    .catch((err: unknown) => {
      // the unique index on the e-mail refused a concurrent insert of the same address
      throw isUniqueViolation(err) ? conflict('emailTaken', 'contact.email') : err;
    });
  return account;
}

/**
 * Changes an account the caller may manage. The e-mail stays as it is; deactivating the
 * account ends its sessions (its next request or token refresh is refused).
 */
export async function update(ctx: UserContext, body: UpdateUserAccountRequest): Promise<UserAccount> {
  const { user } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    const target = await requireManagedUser(tx, user, body.userAccountID);
    const before = presentUser(target);
    const assignment = await checkAssignment(tx, user, {
      roleId: body.roles[0]!.roleID,
      busEntityId: body.busEntityID,
      siteIds: body.siteIDs,
    });
    const active = body.active ?? target.active;
    await queries.updateUser(tx, target.id, contactValues({ ...body.contact, email: target.email }), {
      roleId: assignment.roleId,
      busEntityId: assignment.busEntityId,
      active,
      // a new role or business is another set of rights: its sessions end; properties follow live
      endSessions:
        (target.active && !active) ||
        target.roleId !== assignment.roleId ||
        target.busEntityId !== assignment.busEntityId,
    });
    await queries.replaceSites(tx, target.id, assignment.siteIds);
    // open live connections follow the new role and properties, or end with the account
    await announce(tx, [{ type: 'accessChanged', userAccountId: target.id }]);
    const after = (await snapshot(tx, target.id))!;
    await audit(tx, ctx.actor, {
      action: 'updateUserAccount',
      entityType: 'userAccount',
      entityId: target.id,
      before,
      after,
    });
    return after;
  });
}
