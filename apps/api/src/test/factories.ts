import { Role, routes, type RoleId } from '@portal/contract';
import type { Queryable } from '../db/client';
import {
  businessEntities,
  contacts,
  locations,
  servicePointCapabilities,
  servicePoints,
  sites,
  userAccounts,
  userAccountSites,
} from '../db/schema';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../features/auth/passwords';
import { openSession } from '../features/auth/sessions';
import { recordReadings } from '../features/meters';
import type { TestApp } from './harness';

let seq = 0;
const next = () => ++seq;

export async function buildBusiness(q: Queryable, legalName = `Business ${next()}`) {
  const [row] = await q.insert(businessEntities).values({ legalName }).returning();
  return row!;
}

export async function buildSite(q: Queryable, busEntityId: number, over: Partial<typeof sites.$inferInsert> = {}) {
  const n = next();
  const [row] = await q
    .insert(sites)
    .values({
      busEntityId,
      publicName: `Property ${n}`,
      physicalAddrLine1: `${n} Shore Road`,
      physicalCity: 'Moab',
      physicalZip: '84532',
      physicalStateId: 45,
      physicalCountryId: 236,
      timeZone: 'America/Denver',
      ...over,
    })
    .returning();
  return row!;
}

/**
 * A complete body of Add or Edit Property for business `busEntityId`: a property in Moab, Utah,
 * with its settings; `over` changes or adds fields.
 */
export const propertyForm = (busEntityId: number, over: Record<string, unknown> = {}) => ({
  siteID: 0,
  fk_BusEntityID: busEntityId,
  sitePublicName: 'Example Park',
  physicalAddrLine1: '12 Lake Road',
  physicalCity: 'Moab',
  physicalZip: '84532',
  fk_PhysicalStateID: 45,
  fk_PhysicalCountryID: 236,
  timeZone: 'America/Denver',
  defaultCheckoutTime: '10:30',
  billingRate: 0.15,
  waterBillingRate: 0.02,
  dayStart: '08:00',
  dayEnd: '20:00',
  weekStart: 7,
  ...over,
});

export async function buildLocation(q: Queryable, siteId: number, over: Partial<typeof locations.$inferInsert> = {}) {
  const n = next();
  const [row] = await q
    .insert(locations)
    .values({ siteId, description: `Site ${n}`, publicName: `LOC${String(n).padStart(5, '0')}`, ...over })
    .returning();
  return row!;
}

/** A networked meter (with a device key), in stock unless `over` places it. */
export async function buildMeter(q: Queryable, over: Partial<typeof servicePoints.$inferInsert> = {}) {
  const n = next();
  const name = `E${String(n).padStart(6, '0')}`;
  const [row] = await q
    .insert(servicePoints)
    .values({ name, deviceKey: `dk-${name}`, deviceTypeId: 1, ...over })
    .returning();
  const { deviceKey } = row!;
  if (deviceKey === null) throw new Error('buildMeter makes networked meters: buildHandMeter makes those read by hand');
  return { ...row!, deviceKey };
}

/** The device key of a networked meter. */
export async function deviceKeyOf(q: Queryable, meterId: number): Promise<string> {
  const [row] = await q
    .select({ deviceKey: servicePoints.deviceKey })
    .from(servicePoints)
    .where(eq(servicePoints.id, meterId));
  if (!row?.deviceKey) throw new Error(`meter ${meterId} has no device key`);
  return row.deviceKey;
}

/** A meter read by hand (no device key), in stock unless `over` places it. */
export async function buildHandMeter(q: Queryable, over: Partial<typeof servicePoints.$inferInsert> = {}) {
  const [row] = await q
    .insert(servicePoints)
    .values({ name: `H${String(next()).padStart(6, '0')}`, deviceKey: null, deviceTypeId: 1, ...over })
    .returning();
  return row!;
}

export type BuiltUser = { id: number; email: string; password: string };

export async function buildUser(
  q: Queryable,
  over: { roleId?: RoleId; busEntityId?: number | null; siteIds?: number[]; active?: boolean; password?: string } = {},
): Promise<BuiltUser> {
  const n = next();
  const email = `user${n}@test.local`;
  const password = over.password ?? 'Secret#2026';
  const [contact] = await q
    .insert(contacts)
    .values({ email, firstName: 'Test', lastName: `User ${n}` })
    .returning();
  const [user] = await q
    .insert(userAccounts)
    .values({
      contactId: contact!.id,
      email,
      passwordHash: await hashPassword(password),
      roleId: over.roleId ?? Role.Administrator,
      busEntityId: over.busEntityId ?? null,
      active: over.active ?? true,
    })
    .returning();
  if (over.siteIds?.length) {
    await q.insert(userAccountSites).values(over.siteIds.map((siteId) => ({ userAccountId: user!.id, siteId })));
  }
  return { id: user!.id, email, password };
}

/** Signs in through the API and answers the bearer token. */
export async function signIn(t: TestApp, user: { email: string; password: string }): Promise<string> {
  const res = await t.call<{ token: string }>({
    method: 'POST',
    url: routes.auth.signIn.path,
    payload: { Username: user.email, Password: user.password },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body.message}`);
  return res.body.result.token;
}

/** The token of the newest set-password link the app mailed. */
export function mailedPasswordToken(t: TestApp): string {
  const body = t.mails.at(-1)?.body ?? '';
  const match = /http:\/\/portal\.test\/auth\/set-password\/([\w-]+)/.exec(body);
  if (!match) throw new Error(`no set-password link in: ${body}`);
  return match[1]!;
}

/** Set Password: a password through a mailed link's token. */
export const setPasswordWith = (t: TestApp, token: string, password: string) =>
  t.call({ method: 'PUT', url: '/api/Account/UpdateForgotPassword', payload: { token, password } });

/** Change Password of the account signed in with `token`; a success answers a fresh login. */
export const changePassword = (t: TestApp, token: string, currentPassword: string, newPassword: string) =>
  t.call<{ token: string }>({
    method: 'PUT',
    url: '/api/Account/ChangePassword',
    token,
    payload: { currentPassword, newPassword },
  });

/**
 * A token in a fresh session for the account as it is now, without signing in (no sign-in
 * throttle, and a call before may have signed the account out or changed its password).
 */
export async function tokenFor(t: TestApp, userAccountId: number): Promise<string> {
  const [account] = await t.deps.db.select().from(userAccounts).where(eq(userAccounts.id, userAccountId));
  const session = await openSession(t.deps.db, userAccountId, t.deps.now());
  const claims = { userAccountId, tokenVersion: account!.tokenVersion, roleId: account!.roleId, ...session };
  return (await t.deps.tokens.sign(claims, t.deps.now())).token;
}

/**
 * A location of `siteId` with a 30/50 A electric meter (two relays, or those of `deviceTypeId`)
 * that read 100 an hour before `now`: the opening reading of a check-in.
 */
export async function buildPedestal(
  q: Queryable,
  siteId: number,
  now: Date,
  over: { deviceTypeId?: number; activeInd?: number } = {},
) {
  const loc = await buildLocation(q, siteId);
  const meter = await buildMeter(q, {
    locationId: loc.id,
    slot: 1,
    deviceTypeId: over.deviceTypeId ?? 1,
    activeInd: over.activeInd ?? 1,
  });
  await recordReadings(q, [
    { servicePointId: meter.id, readAt: new Date(now.getTime() - 3_600_000), total: '100', isReset: false },
  ]);
  const capIds = over.deviceTypeId === 6 ? [1] : over.deviceTypeId === 2 ? [] : [2, 3];
  const caps = capIds.length
    ? await q
        .insert(servicePointCapabilities)
        .values(capIds.map((capabilityId) => ({ servicePointId: meter.id, capabilityId })))
        .returning()
    : [];
  return { loc, meter, caps };
}

/** An API key made through the API by the account of `token` (as on the Integrations page). */
export async function buildApiKey(
  t: TestApp,
  token: string,
  key: { businessID: number; name: string; siteIDs: number[]; scopes: readonly string[] },
): Promise<{ id: number; key: string }> {
  const made = await t.call<{ apiKeyID: number; key: string }>({
    method: 'POST',
    url: routes.integrations.createApiKey.path,
    token,
    payload: key,
  });
  if (made.status !== 200) throw new Error(`the key was not made: ${made.status} ${made.body.message}`);
  return { id: made.body.result.apiKeyID, key: made.body.result.key };
}

/** The demo's tariff: 0.12 a kWh, 0.01 a gallon, a pedestal fee of 1.50 a stay, a utility tax of 5 %. */
export const DEMO_TARIFF = {
  electricRate: '0.12',
  waterRate: '0.01',
  fees: [{ name: 'Pedestal service', amount: '1.50', per: 'stay' }],
  taxes: [{ name: 'Utility tax', percent: '5', appliesTo: 'utilities' }],
} as const;

/** Saves a tariff version of a property through its call, as the holder of `token`; the answer as it came. */
export const saveTariff = (t: TestApp, token: string, version: { siteID: number } & Record<string, unknown>) =>
  t.call({ method: 'POST', url: routes.billing.createTariff.path, token, payload: version });
