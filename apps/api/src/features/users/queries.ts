import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rows, type Queryable } from '../../db/client';
import { contacts, sites, userAccounts, userAccountSites } from '../../db/schema';
import type { Scope } from '../../access/scope';

/** A person's contact as an account holds it (its e-mail apart: it never changes). */
export type ContactValues = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  cellPhone: string | null;
  businessPhone: string | null;
  businessExt: string | null;
};

/** What an account holds of its role, business and state. */
export type AccountValues = { roleId: number; busEntityId: number | null; active: boolean };

/** A user account with its contact, business and live assigned properties. */
export type UserRow = ContactValues &
  AccountValues & {
    id: number;
    busEntityName: string | null;
    contactId: number;
    email: string;
    sites: Array<{ id: number; name: string }>;
  };

/**
 * The accounts a caller may see in Manage Users: every one (Administrator), those of
 * their business (Site Owner), none for anyone else.
 */
function usersInScope(scope: Scope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'business':
      return sql`u.bus_entity_id = ${scope.busEntityId}`;
    case 'sites':
    case 'none':
      return sql`false`;
  }
}

function selectUsers(q: Queryable, scope: Scope, only: SQL = sql`true`): Promise<UserRow[]> {
  return rows<UserRow>(
    q,
    sql`select u.id, u.active, u.role_id as "roleId", u.bus_entity_id as "busEntityId", b.legal_name as "busEntityName",
          c.id as "contactId", u.email, c.first_name as "firstName", c.middle_name as "middleName",
          c.last_name as "lastName", c.cell_phone as "cellPhone", c.business_phone as "businessPhone",
          c.business_ext as "businessExt",
          coalesce((select json_agg(json_build_object('id', s.id, 'name', s.public_name) order by lower(s.public_name), s.id)
                      from user_account_sites us join sites s on s.id = us.site_id
                     where us.user_account_id = u.id and s.deleted_at is null), '[]'::json) as sites
        from user_accounts u
        join contacts c on c.id = u.contact_id
        left join business_entities b on b.id = u.bus_entity_id
        where ${usersInScope(scope)} and ${only}
        order by lower(c.last_name), lower(c.first_name), u.id`,
  );
}

export function listUsers(q: Queryable, scope: Scope): Promise<UserRow[]> {
  return selectUsers(q, scope);
}

/** One account in the caller's scope, or null. */
export async function findUser(q: Queryable, scope: Scope, userAccountId: number): Promise<UserRow | null> {
  const [row] = await selectUsers(q, scope, sql`u.id = ${userAccountId}`);
  return row ?? null;
}

/** Locks the account row until the transaction ends; false when there is none. */
export async function lockUser(q: Queryable, userAccountId: number): Promise<boolean> {
  const found = await q
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(eq(userAccounts.id, userAccountId))
    .for('update');
  return found.length > 0;
}

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  const found = await q
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(sql`lower(${userAccounts.email}) = lower(${email})`)
    .limit(1);
  return found.length > 0;
}

/** The business of each named property that exists and is not archived. */
export async function businessOfLiveSites(q: Queryable, siteIds: number[]): Promise<Map<number, number>> {
  if (!siteIds.length) return new Map();
  const found = await q
    .select({ id: sites.id, busEntityId: sites.busEntityId })
    .from(sites)
    .where(and(inArray(sites.id, siteIds), isNull(sites.deletedAt)));
  return new Map(found.map((s) => [s.id, s.busEntityId]));
}

/** A new account without a password: its owner sets one through the mailed link. */
export async function insertUser(
  q: Queryable,
  email: string,
  contact: ContactValues,
  account: AccountValues,
): Promise<number> {
  const [row] = await q
    .insert(contacts)
    .values({ email, ...contact })
    .returning({ id: contacts.id });
  const [user] = await q
    .insert(userAccounts)
    .values({ contactId: row!.id, email, passwordHash: null, ...account })
    .returning({ id: userAccounts.id });
  return user!.id;
}

/**
 * Changes an account and its contact (never its e-mail). Deactivating it raises the
 * token version, which refuses every token issued before (its next request or refresh).
 */
export async function updateUser(
  q: Queryable,
  userAccountId: number,
  contact: ContactValues,
  account: AccountValues & { endSessions: boolean },
): Promise<void> {
  const [row] = await q
    .update(userAccounts)
    .set({
      roleId: account.roleId,
      busEntityId: account.busEntityId,
      active: account.active,
      updatedAt: new Date(),
      ...(account.endSessions ? { tokenVersion: sql`${userAccounts.tokenVersion} + 1` } : {}),
    })
    .where(eq(userAccounts.id, userAccountId))
    .returning({ contactId: userAccounts.contactId });
  await q.update(contacts).set(contact).where(eq(contacts.id, row!.contactId));
}

export async function replaceSites(q: Queryable, userAccountId: number, siteIds: number[]): Promise<void> {
  await q.delete(userAccountSites).where(eq(userAccountSites.userAccountId, userAccountId));
  if (siteIds.length) {
    await q.insert(userAccountSites).values(siteIds.map((siteId) => ({ userAccountId, siteId })));
  }
}
