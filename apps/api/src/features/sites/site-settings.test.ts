import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SiteSetting } from '@portal/contract';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPropertyWorld, type Caller, type PropertyWorld } from '../../test/property-world';

let t: TestApp;
let w: PropertyWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildPropertyWorld(t);
});
afterAll(() => t.close());

type Errors = { errors: Array<{ field: string; message: string }> };

const read = (caller: Caller, siteId: number) =>
  t.call<SiteSetting>({ method: 'GET', url: `/api/Site/GetSiteSetting?id=${siteId}`, token: w.tokens[caller] });
const save = (caller: Caller, body: object) =>
  t.call<SiteSetting & Errors>({
    method: 'POST',
    url: '/api/site/UpsertSiteSetting',
    payload: body,
    token: w.tokens[caller],
  });
const settings = (over: Record<string, unknown> = {}) => ({
  fk_SiteID: w.siteA2.id,
  weekStart: 3,
  billingRate: 0.18,
  waterBillingRate: 0.05,
  dayStart: '2024-05-01T07:30:00',
  dayEnd: '2024-05-01T19:45:00',
  active: true,
  ...over,
});

describe('GET /api/Site/GetSiteSetting', () => {
  it('answers the defaults of the specification before the first save', async () => {
    const res = await read('ownerA', w.siteA1.id);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      siteSettingID: 0,
      fk_SiteID: w.siteA1.id,
      weekStart: 1,
      billingRate: 0,
      waterBillingRate: 0,
      dayStart: '09:00',
      dayEnd: '18:00',
      active: true,
      createDT: null,
    });
  });

  it.each([
    ['admin', 'B1', 200],
    ['ownerA', 'A1', 200],
    ['ownerA', 'B1', 403],
    ['managerA1', 'A1', 403],
    ['none', 'A1', 403],
  ] as const)('%s reading %s -> %i', async (caller, site, status) => {
    expect((await read(caller, site === 'A1' ? w.siteA1.id : w.siteB1.id)).status).toBe(status);
  });
});

describe('POST /api/site/UpsertSiteSetting', () => {
  it('saves the settings, answers them as the form shows them, and logs before and after', async () => {
    const first = await save('ownerA', settings());
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Property settings updated successfully');
    expect(first.body.result).toMatchObject({
      fk_SiteID: w.siteA2.id,
      weekStart: 3,
      billingRate: 0.18,
      waterBillingRate: 0.05,
      dayStart: '07:30',
      dayEnd: '19:45',
    });
    expect(first.body.result.siteSettingID).toBeGreaterThan(0);
    const second = await save('admin', settings({ billingRate: 0.2, active: false }));
    expect(second.body.result).toMatchObject({
      siteSettingID: first.body.result.siteSettingID,
      billingRate: 0.2,
      active: false,
    });
    expect((await read('ownerA', w.siteA2.id)).body.result).toEqual(second.body.result);
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upsertSiteSetting'), eq(auditLog.entityId, String(w.siteA2.id))))
      .orderBy(auditLog.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.before).toBeNull();
    expect(entries[1]!.before).toMatchObject({ billingRate: '0.18', active: true });
    expect(entries[1]!.after).toMatchObject({ billingRate: '0.20', active: false });
  });

  it.each([
    [{ billingRate: undefined }, 'billingRate', 'Please select Electric Kwh Rate'],
    [{ waterBillingRate: undefined }, 'waterBillingRate', 'Water (Gallons) Rate'],
    [{ dayStart: '' }, 'dayStart', 'Please select day start'],
    [{ dayEnd: undefined }, 'dayEnd', 'Please select day end'],
    [{ weekStart: null }, 'weekStart', 'Please select week start'],
    [{ weekStart: 0 }, 'weekStart', 'Please select week start'],
    [{ dayStart: '10:00', dayEnd: '09:45' }, 'dayEnd', 'Day End cannot be before Day Start.'],
    [{ dayStart: '10:10' }, 'dayStart', 'Please select day start'],
    [{ billingRate: 0.125 }, 'billingRate', 'Invalid decimal.'],
    [{ waterBillingRate: -0.01 }, 'waterBillingRate', 'Invalid value.'],
  ])('refuses %j: %s, %s', async (change, field, message) => {
    const res = await save('admin', settings(change));
    expect(res.status).toBe(400);
    expect(res.body.result.errors).toContainEqual(expect.objectContaining({ field, message }));
  });

  it.each([
    ['ownerA', 'B1', 403],
    ['ownerB', 'A1', 403],
    ['managerA1', 'A1', 403],
    ['none', 'A1', 403],
    ['admin', 'B1', 200],
  ] as const)('%s saving %s -> %i', async (caller, site, status) => {
    const res = await save(caller, settings({ fk_SiteID: site === 'A1' ? w.siteA1.id : w.siteB1.id }));
    expect(res.status).toBe(status);
  });

  it('answers 404 to an Administrator for a property that does not exist', async () => {
    expect((await save('admin', settings({ fk_SiteID: 999_999 }))).status).toBe(404);
  });
});
