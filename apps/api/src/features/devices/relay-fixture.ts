import { and, eq, isNull } from 'drizzle-orm';
import { nextSlot, routes } from '@portal/contract';
import { deviceControlMessages, servicePointCapabilities, systemAlerts } from '../../db/schema';
import { buildLocation, buildMeter } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { POWER_LEFT_ON } from './left-on';

/** 'disconnect': a disconnect-type meter, switched as a whole; 'relay': a 30 A relay switched on its own. */
export type RelayKind = 'disconnect' | 'relay';

/** A vacant location whose one meter has one relay, for the tests of relay commands. */
export async function onePedestal(t: TestApp, siteId: number, kind: RelayKind = 'disconnect') {
  const loc = await buildLocation(t.deps.db, siteId);
  const meter = await buildMeter(t.deps.db, {
    locationId: loc.id,
    slot: 1,
    deviceTypeId: kind === 'disconnect' ? 6 : 1,
    lastSeenAt: new Date(),
  });
  const [relay] = await t.deps.db
    .insert(servicePointCapabilities)
    .values({ servicePointId: meter.id, capabilityId: kind === 'disconnect' ? 1 : 2 })
    .returning();
  return { loc, meter, relay: relay! };
}

const call = (r: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }) => ({ method: r.method, url: r.path });

/** The calls a member of staff makes on one pedestal, as the web app makes them. */
export function staffCalls(t: TestApp, token: string, p: Awaited<ReturnType<typeof onePedestal>>) {
  return {
    checkIn: () =>
      t.call({
        ...call(routes.stays.checkIn),
        token,
        payload: {
          locationID: p.loc.id,
          autoCheckoutDateTime: nextSlot(new Date(t.deps.now().getTime() + 86_400_000)).toISOString(),
          servicePointCapabilities: [{ servicePointCapabilityID: p.relay.id, status: 1 }],
        },
      }),
    checkOut: () => t.call({ ...call(routes.stays.checkOut), query: { locationID: String(p.loc.id) }, token }),
    /** Retry ON or Retry OFF in the device control panel. */
    panel: (requestedState: 0 | 1) =>
      t.call({
        ...call(routes.devices.sendCommand),
        token,
        payload: { servicePointId: p.meter.id, requestedState },
      }),
    /** Retry on the location's row: the relays whose command failed or got no answer. */
    retry: () =>
      t.call({
        ...call(routes.stays.retryRelays),
        token,
        payload: { locationID: p.loc.id },
      }),
    relay: async () =>
      (await t.deps.db.select().from(servicePointCapabilities).where(eq(servicePointCapabilities.id, p.relay.id)))[0]!,
    /** The relay's current command, or null. */
    current: async (commandId: number | null) =>
      commandId === null
        ? null
        : ((await t.deps.db.select().from(deviceControlMessages).where(eq(deviceControlMessages.id, commandId)))[0] ??
          null),
    commands: () => t.gateway.sent.filter((c) => c.deviceKey === p.meter.deviceKey),
    leftOnAlerts: () =>
      t.deps.db
        .select()
        .from(systemAlerts)
        .where(
          and(
            eq(systemAlerts.servicePointId, p.meter.id),
            eq(systemAlerts.kind, POWER_LEFT_ON),
            isNull(systemAlerts.resolvedAt),
          ),
        ),
  };
}
