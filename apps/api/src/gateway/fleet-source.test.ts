import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBusiness, buildHandMeter, buildLocation, buildMeter, buildSite } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { loadSimulatedMeters } from './fleet-source';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('makes a simulated device of every networked meter, and none of a meter read by hand', async () => {
  const site = await buildSite(t.deps.db, (await buildBusiness(t.deps.db)).id);
  const location = await buildLocation(t.deps.db, site.id);
  const networked = await buildMeter(t.deps.db, { locationId: location.id, slot: 1 });
  await buildHandMeter(t.deps.db, { locationId: location.id, slot: 2 });
  const devices = await loadSimulatedMeters(t.deps.db);
  expect(devices.map((d) => d.deviceKey)).toEqual([networked.deviceKey]);
});
