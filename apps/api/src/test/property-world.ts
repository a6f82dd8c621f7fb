import { Role } from '@portal/contract';
import { buildBusiness, buildSite, buildUser, signIn } from './factories';
import type { TestApp } from './harness';

/**
 * Two businesses: A with properties A1 and A2, B with B1; a user of every role
 * (the Site Manager has A1 only), each signed in.
 */
export async function buildPropertyWorld(t: TestApp) {
  const db = t.deps.db;
  const busA = await buildBusiness(db);
  const busB = await buildBusiness(db);
  const siteA1 = await buildSite(db, busA.id, { publicName: 'Alder Cove Marina' });
  const siteA2 = await buildSite(db, busA.id, { publicName: 'Birch Hollow RV Park' });
  const siteB1 = await buildSite(db, busB.id, { publicName: 'Cedar Flats Campground' });
  const users = {
    admin: await buildUser(db, { roleId: Role.Administrator }),
    ownerA: await buildUser(db, { roleId: Role.SiteOwner, busEntityId: busA.id }),
    ownerB: await buildUser(db, { roleId: Role.SiteOwner, busEntityId: busB.id }),
    managerA1: await buildUser(db, { roleId: Role.SiteManager, busEntityId: busA.id, siteIds: [siteA1.id] }),
    none: await buildUser(db, { roleId: Role.None }),
  };
  const tokens = {
    admin: await signIn(t, users.admin),
    ownerA: await signIn(t, users.ownerA),
    ownerB: await signIn(t, users.ownerB),
    managerA1: await signIn(t, users.managerA1),
    none: await signIn(t, users.none),
  };
  return { busA, busB, siteA1, siteA2, siteB1, users, tokens };
}

export type PropertyWorld = Awaited<ReturnType<typeof buildPropertyWorld>>;
export type Caller = keyof PropertyWorld['tokens'];
