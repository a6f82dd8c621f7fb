import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Role, routes, type StayStatement } from '@portal/contract';
import { rows } from '../../db/client';
import { auditLog, stays } from '../../db/schema';
import { buildBusiness, buildLocation, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * A stay's guest link: only a hash of its token is stored, staff can show the link whenever
 * they open the statement, and after revoking it they can issue a new one (the old stays dead).
 */
let t: TestApp;
const tokens = { manager: '', ownerB: '' };
let site = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const a = await buildBusiness(db);
  const b = await buildBusiness(db);
  site = (await buildSite(db, a.id)).id;
  tokens.manager = await signIn(
    t,
    await buildUser(db, { roleId: Role.SiteManager, busEntityId: a.id, siteIds: [site] }),
  );
  tokens.ownerB = await signIn(t, await buildUser(db, { roleId: Role.SiteOwner, busEntityId: b.id }));
});
afterAll(() => t.close());

async function stay(checkoutAt: Date | null = null) {
  const loc = await buildLocation(t.deps.db, site);
  const [row] = await t.deps.db
    .insert(stays)
    .values({ locationId: loc.id, siteId: site, checkinAt: new Date(Date.now() - 86_400_000), checkoutAt })
    .returning();
  return row!.id;
}

const statementOf = async (stayID: number) =>
  (
    await t.call<StayStatement>({
      method: 'GET',
      url: routes.billing.statement.path,
      token: tokens.manager,
      query: { stayID: String(stayID) },
    })
  ).body.result;
const tokenOf = (url: string | null) => url!.split('/statement/')[1]!;
const guestPage = (token: string) =>
  t.call({ method: 'GET', url: routes.billing.publicStatement.path, query: { token } });
const post = (route: { path: string }, stayID: number, token = tokens.manager) =>
  t.call({ method: 'POST', url: route.path, token, payload: { stayID } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the guest link of a stay', () => {
  it('is stored only as a hash, and staff see the same link each time', async () => {
    const stayID = await stay();
    const link = (await statementOf(stayID)).publicUrl;
    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url')).toHaveLength(18);
    expect((await statementOf(stayID)).publicUrl).toBe(link);
    expect((await guestPage(token)).status).toBe(200);
    const [stored] = await rows<{ row: string }>(
      t.deps.db,
      sql`select st::text as row from stays st where id = ${stayID}`,
    );
    expect(stored!.row).not.toContain(token);
    expect(stored!.row).toContain(sha256(token));
  });

  it('can be issued anew after revoking: the old link stays dead, the new one works, both audited', async () => {
    const stayID = await stay();
    const first = tokenOf((await statementOf(stayID)).publicUrl);
    expect((await post(routes.billing.revokeLink, stayID)).status).toBe(200);
    const revoked = await statementOf(stayID);
    expect(revoked).toMatchObject({ publicUrl: null, linkRevokedAt: expect.any(String) });
    expect((await guestPage(first)).status).toBe(404);

    const issued = await post(routes.billing.issueLink, stayID);
    expect([issued.status, issued.body.messageCode]).toEqual([200, 'statementLinkIssued']);
    const renewed = await statementOf(stayID);
    expect(renewed.linkRevokedAt).toBeNull();
    const second = tokenOf(renewed.publicUrl);
    expect(second).not.toBe(first);
    expect((await guestPage(second)).status).toBe(200);
    expect((await guestPage(first)).status).toBe(404);

    // issuing again ends the link before it too
    expect((await post(routes.billing.issueLink, stayID)).status).toBe(200);
    const third = tokenOf((await statementOf(stayID)).publicUrl);
    expect((await guestPage(second)).status).toBe(404);
    expect((await guestPage(third)).status).toBe(200);

    const actions = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'stay'), eq(auditLog.entityId, String(stayID))));
    expect(actions.map((a) => a.action)).toEqual(['revokeStatementLink', 'issueStatementLink', 'issueStatementLink']);
  });

  it.each([
    ['from before hashing (migration 0024 kept its hash)', 'statementLegacyTokenHash'],
    ['derived with an earlier secret', 'statementTokenHash'],
  ] as const)('given out %s, works on beside the one staff now see, until revoked', async (_, column) => {
    const stayID = await stay();
    await t.deps.db
      .update(stays)
      .set({ [column]: sha256('given-out-token') })
      .where(eq(stays.id, stayID));
    expect((await guestPage('given-out-token')).status).toBe(200);
    const shown = tokenOf((await statementOf(stayID)).publicUrl);
    expect(shown).not.toBe('given-out-token');
    expect((await guestPage(shown)).status).toBe(200);
    expect((await guestPage('given-out-token')).status).toBe(200);
    expect(tokenOf((await statementOf(stayID)).publicUrl)).toBe(shown);
    await post(routes.billing.revokeLink, stayID);
    expect((await guestPage('given-out-token')).status).toBe(404);
    expect((await guestPage(shown)).status).toBe(404);
  });

  it('is not issued again once the link period after check-out has ended', async () => {
    const stayID = await stay(new Date(Date.now() - 91 * 86_400_000));
    await post(routes.billing.revokeLink, stayID);
    // not offered: the page says it expired, not that it can be issued again
    expect(await statementOf(stayID)).toMatchObject({ publicUrl: null, linkRevokedAt: null });
    const refused = await post(routes.billing.issueLink, stayID);
    expect([refused.status, refused.body.messageCode]).toEqual([409, 'statementLinkExpired']);
  });

  it("is issued only by the property's staff", async () => {
    const stayID = await stay();
    expect((await post(routes.billing.issueLink, stayID, tokens.ownerB)).status).toBe(403);
  });
});
