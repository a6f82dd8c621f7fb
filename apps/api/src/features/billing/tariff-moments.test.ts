import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, routes } from '@portal/contract';
import { fromDatabase } from '../../lib/errors';
import { buildBusiness, buildSite, buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { ratesFromSettings } from './service';

/** Which rate a stay gets must never depend on a tie-break: one version per property and moment. */
let t: TestApp;
let admin = '';
let userId = 0;
let site = 0;
let otherSite = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const business = await buildBusiness(db);
  site = (await buildSite(db, business.id)).id;
  otherSite = (await buildSite(db, business.id)).id;
  const user = await buildUser(db, { roleId: Role.Administrator });
  userId = user.id;
  admin = await signIn(t, user);
});
afterAll(() => t.close());

const createAt = (siteID: number, effectiveFrom: string, electricRate = '0.15') =>
  t.call({
    method: 'POST',
    url: routes.billing.createTariff.path,
    token: admin,
    payload: { siteID, effectiveFrom, electricRate, waterRate: '0.01' },
  });

describe('one tariff version per property and moment', () => {
  it('refuses a second version at a moment that has one (409), and takes the next millisecond and another property', async () => {
    const moment = new Date(Date.now() + 86_400_000);
    expect((await createAt(site, moment.toISOString())).status).toBe(200);
    const second = await createAt(site, moment.toISOString(), '0.30');
    expect([second.status, second.body.messageCode]).toEqual([409, 'tariffMomentTaken']);
    expect(second.body.message).toBe('Another tariff version of this property takes effect at the same moment.');
    expect((await createAt(site, new Date(moment.getTime() + 1).toISOString())).status).toBe(200);
    expect((await createAt(otherSite, moment.toISOString())).status).toBe(200);
  });

  it("refuses Property Settings' rates at the moment of a version the same way", async () => {
    const moment = new Date(Date.now() + 2 * 86_400_000);
    expect((await createAt(site, moment.toISOString())).status).toBe(200);
    const saved = t.deps.db.transaction((tx) =>
      ratesFromSettings(tx, site, { billingRate: '0.99', waterBillingRate: '0.05' }, userId, moment),
    );
    const err = await saved.then(
      () => null,
      (e: unknown) => e,
    );
    expect(fromDatabase(err)?.messageCode).toBe('tariffMomentTaken');
  });
});
