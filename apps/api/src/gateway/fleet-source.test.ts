import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBusiness, buildHandMeter, buildLocation, buildMeter, buildSite } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { behaviourOf } from './fleet';
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

it('keeps a missing meter silent, unless it is missing because its connection dropped: that one comes back', async () => {
  const site = await buildSite(t.deps.db, (await buildBusiness(t.deps.db)).id);
  const keys = Array.from({ length: 1000 }, (_, i) => `dk-source-${i}`);
  const dropping = keys.find((k) => behaviourOf(k) === 'drops')!;
  const answering = keys.find((k) => behaviourOf(k) === 'answers')!;
  const missing = { isMissingDevice: true, locationId: (await buildLocation(t.deps.db, site.id)).id };
  await buildMeter(t.deps.db, { ...missing, slot: 1, deviceKey: answering });
  await buildMeter(t.deps.db, {
    ...missing,
    slot: 2,
    deviceKey: dropping,
    connectionState: 'offline',
    connectionChangedAt: new Date(),
  });
  const devices = await loadSimulatedMeters(t.deps.db);
  expect([answering, dropping].map((k) => devices.find((d) => d.deviceKey === k)?.behaviour)).toEqual([
    'silent',
    'drops',
  ]);
});
