import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { API_KEY_SCOPES, calls, Role, routes } from '@portal/contract';
import { rows } from '../db/client';
import {
  deviceControlMessages,
  guests,
  reportRecipients,
  reportSchedules,
  servicePointCapabilities,
  stayMeters,
  stays,
  systemAlerts,
  webhookDeliveries,
  webhookEvents,
} from '../db/schema';
import { recordReadings } from '../features/meters/readings';
import {
  buildBusiness,
  buildLocation,
  buildMeter,
  buildSite,
  buildUser,
  propertyForm,
  tokenFor,
} from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { objectOf, operationsOf, urlOf, valueOf, type Operation } from './openapi-arbitrary';

/**
 * Every route of the OpenAPI document, called by each tenant's Site Owner, Site Manager and API key with
 * the other tenant's ids in every id position (and by an anonymous caller): the answer is a
 * refusal (400, 401, 403, 404 or 429, never a success or a conflict that looked at the other
 * tenant's record), it names nothing of the other tenant, and the other tenant's rows are
 * byte for byte as before. A route added later is covered without anyone remembering to.
 */
const SAMPLES = Number(process.env.MATRIX_SAMPLES ?? 6);
const REFUSED = new Set([400, 401, 403, 404, 429]);
/** Ids that are not a tenant's (countries, states, roles, device types): ones that exist. */
const LOOKUP_IDS = [1, 2];

type Tenant = {
  busEntityId: number;
  ids: Record<string, number>;
  /** Texts only this tenant's records hold: none may appear in an answer to the other tenant. */
  markers: string[];
  /** The tenant's Site Owner and Site Manager. */
  users: { owner: number; manager: number };
  /** An API key of the tenant for its property, with every scope. */
  key: string;
  /** Who the tenant's scheduled report goes to: its owner, and an outside address that confirmed. */
  recipients: { owner: string; outside: string };
};

let t: TestApp;
const tenants: Record<'A' | 'B', Tenant> = {} as never;

async function buildTenant(name: 'A' | 'B'): Promise<Tenant> {
  const db = t.deps.db;
  const business = await buildBusiness(db, `Tenant ${name} Holdings`);
  const site = await buildSite(db, business.id, { publicName: `Tenant ${name} Lakeside` });
  const loc = await buildLocation(db, site.id, { description: `Tenant ${name} Pad 7`, isCheckedIn: true });
  const meter = await buildMeter(db, { locationId: loc.id, slot: 1, name: `T${name}00001`, deviceKey: `dk-t${name}` });
  await recordReadings(db, [
    { servicePointId: meter.id, readAt: new Date(Date.now() - 3_600_000), total: '10', isReset: false },
  ]);
  const [cap] = await db
    .insert(servicePointCapabilities)
    .values({ servicePointId: meter.id, capabilityId: 2 })
    .returning();
  const [guest] = await db
    .insert(guests)
    .values({ busEntityId: business.id, mobileNumber: '(555) 010-0000', firstName: `Tenant${name}Guest` })
    .returning();
  const [stay] = await db
    .insert(stays)
    .values({ locationId: loc.id, siteId: site.id, guestId: guest!.id, checkinAt: new Date(Date.now() - 7_200_000) })
    .returning();
  await db.insert(stayMeters).values({ stayId: stay!.id, servicePointId: meter.id, openingReading: '10' });
  const [message] = await db
    .insert(deviceControlMessages)
    .values({ servicePointId: meter.id, capabilityId: 2, requestedState: 1, state: 'acked' })
    .returning();
  const [alert] = await db
    .insert(systemAlerts)
    .values({ kind: 'missingDevice', siteId: site.id, servicePointId: meter.id })
    .returning();
  const owner = await buildUser(db, { roleId: Role.SiteOwner, busEntityId: business.id });
  const outside = `tenant${name.toLowerCase()}-books@example.com`;
  const [schedule] = await db
    .insert(reportSchedules)
    .values({
      siteId: site.id,
      reportTypeId: 1,
      frequency: 'weekly',
      atTime: '06:00',
      format: 'csv',
      recipients: [owner.email, outside],
      nextRunAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  await db.insert(reportRecipients).values({
    siteId: site.id,
    email: outside,
    tokenHash: `confirmed-${outside}`,
    invitedAt: new Date(),
    confirmedAt: new Date(),
  });
  const manager = await buildUser(db, { roleId: Role.SiteManager, busEntityId: business.id, siteIds: [site.id] });
  const made = await t.call<{ apiKeyID: number; key: string }>({
    method: 'POST',
    url: routes.integrations.createApiKey.path,
    token: await tokenFor(t, owner.id),
    payload: { businessID: business.id, name: `Tenant ${name} PMS`, siteIDs: [site.id], scopes: API_KEY_SCOPES },
  });
  const hook = await t.call<{ webhookID: number }>({
    method: 'POST',
    url: routes.integrations.createWebhook.path,
    token: await tokenFor(t, owner.id),
    payload: {
      siteID: site.id,
      url: `https://tenant-${name.toLowerCase()}.example.com/hooks`,
      events: ['stay.checked_in'],
    },
  });
  const [event] = await db
    .insert(webhookEvents)
    .values({ siteId: site.id, type: 'stay.checked_in', data: { marker: `Tenant${name}Guest` }, stayId: stay!.id })
    .returning();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: hook.body.result.webhookID,
      eventId: event!.id,
      stayId: stay!.id,
      nextAttemptAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return {
    busEntityId: business.id,
    ids: {
      busentity: business.id,
      business: business.id,
      apikey: made.body.result.apiKeyID,
      webhook: hook.body.result.webhookID,
      delivery: delivery!.id,
      site: site.id,
      location: loc.id,
      servicepoint: meter.id,
      servicepointcapability: cap!.id,
      guest: guest!.id,
      stay: stay!.id,
      message: message!.id,
      useraccount: owner.id,
      alert: alert!.id,
      schedule: schedule!.id,
    },
    markers: [
      `Tenant ${name} Holdings`,
      `Tenant ${name} Lakeside`,
      `Tenant ${name} Pad 7`,
      `Tenant${name}Guest`,
      owner.email,
      outside,
    ],
    users: { owner: owner.id, manager: manager.id },
    key: made.body.result.key,
    recipients: { owner: owner.email, outside },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  tenants.A = await buildTenant('A');
  tenants.B = await buildTenant('B');
}, 60_000);
afterAll(() => t?.close());

/** The tenant-owned record an input name refers to (`fk_SiteID`, `locationId`, `siteIDs` …), if any. */
function ownedKind(name: string): string | null {
  if (!/ids?$/i.test(name)) return null;
  const key = name.toLowerCase().replace(/^fk_/, '').replace(/ids?$/, '');
  return key in tenants.A.ids ? key : null;
}

/**
 * The value with each id position (counted in order) naming the record of the tenant
 * `tenantAt` gives for it; an array of ids holds that one record. 0 names no record (a new
 * property's siteID) and stays.
 */
function placeIds(value: unknown, tenantAt: (position: number) => Tenant, counter = { n: 0 }): unknown {
  if (Array.isArray(value)) return value.map((v) => placeIds(v, tenantAt, counter));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      const kind = ownedKind(k);
      if (!kind || v === 0) return [k, placeIds(v, tenantAt, counter)];
      const id = tenantAt(counter.n++).ids[kind];
      return [k, Array.isArray(v) || k.toLowerCase().endsWith('ids') ? [id] : id];
    }),
  );
}

/**
 * The ways to aim a request at the victim: every id position the victim's, and (when there are
 * several) each position alone the victim's with the rest the attacker's own, as when a guest
 * of another business is named at one's own check-in.
 */
function aimed(input: [unknown, unknown], attacker: Tenant, victim: Tenant): Array<[unknown, unknown]> {
  const counter = { n: 0 };
  placeIds(input, () => victim, counter);
  const one = (i: number) => placeIds(input, (n) => (n === i ? victim : attacker)) as [unknown, unknown];
  return [
    placeIds(input, () => victim) as [unknown, unknown],
    ...(counter.n > 1 ? Array.from({ length: counter.n }, (_, i) => one(i)) : []),
  ];
}

const site = propertyForm(1, { siteID: 1 });
const location = {
  locationID: 1,
  locationDescription: 'Example',
  billingAccountNumber: null,
  locationPublicName: 'EX0001',
};
const guest = { guestID: 1, mobileNumber: '(555) 010-0001', firstName: 'Probe' };
const nextSlot = () => new Date(Math.ceil(Date.now() / 900_000) * 900_000 + 86_400_000).toISOString();

/**
 * One valid body for the routes whose bodies random generation seldom gets right, so the
 * matrix reaches their scope checks too (ids are put in place like in any other sample). A new
 * such route fails the coverage check below until it has one.
 */
const at = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const examples: Record<string, () => unknown> = {
  [at(routes.locations.createMany)]: () => [{ locationDescription: 'Example', accountNumber: null, fk_SiteID: 1 }],
  [at(routes.locations.edit)]: () => location,
  [at(routes.locations.switchSelection)]: () => ({ selection: { siteID: 1, locationIDs: [1] }, requestedState: 0 }),
  [at(routes.locations.moveSelection)]: () => ({ selection: { siteID: 1, locationIDs: [1] }, SiteId: 1 }),
  [at(routes.locations.monitorSelection)]: () => ({
    selection: { siteID: 1, locationIDs: [1] },
    ExcludeFromMonitoring: true,
  }),
  [at(routes.meters.assign)]: () => ({ servicePointID: 1, fk_LocationID: 1 }),
  [at(routes.meters.assignMany)]: () => [{ servicePointID: 1, fk_LocationID: 1 }],
  [at(routes.meters.unassign)]: () => ({ servicePointID: 1, fk_LocationID: 1 }),
  [at(routes.devices.sendCommand)]: () => ({ servicePointId: 1, requestedState: 1 }),
  [at(routes.stays.checkIn)]: () => ({
    locationID: 1,
    autoCheckoutDateTime: nextSlot(),
    guest,
  }),
  [at(routes.stays.editWithServices)]: () => ({ locationID: 1, autoCheckoutDateTime: nextSlot(), guest }),
  [at(routes.sites.create)]: () => ({ ...site, siteID: 0 }),
  [at(routes.sites.update)]: () => site,
  [at(routes.billing.createTariff)]: () => ({
    siteID: 1,
    electricRate: '0.15',
    waterRate: '0.01',
    fees: [{ name: 'Fee', amount: '2', per: 'night' }],
    taxes: [{ name: 'Tax', percent: '5', appliesTo: 'all' }],
  }),
  [at(routes.alerts.saveThresholds)]: () => ({
    siteID: 1,
    leakGallonsPerHour: 1,
    leakHours: 24,
    nightFlowGallons: 5,
    abnormalMultiple: 3,
    vacantKwhPerHour: 1,
    unbilledKwhPerDay: 3,
    unbilledGallonsPerDay: 50,
  }),
  [at(routes.schedules.upsert)]: () => ({
    siteID: 1,
    reportTypeID: 2,
    frequency: 'daily',
    time: '06:00',
    format: 'csv',
    recipients: ['probe@example.com'],
  }),
  [at(routes.integrations.upsertReservation)]: () => ({
    siteID: 1,
    externalID: 'RES-1',
    locationDescription: 'Example',
    arrival: new Date(Date.now() - 3_600_000).toISOString(),
    departure: new Date(Date.now() + 86_400_000).toISOString(),
    guest: { firstName: 'Probe' },
    status: 'arrived',
  }),
  [at(routes.sites.saveSettings)]: () => ({
    fk_SiteID: 1,
    weekStart: 7,
    billingRate: 0.15,
    waterBillingRate: 0.02,
    dayStart: '08:00',
    dayEnd: '20:00',
  }),
};

/** Whether a request's input has an id position (a key naming a tenant's record). */
function namesOwnedId(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => (!Array.isArray(value) && ownedKind(k) !== null) || namesOwnedId(v));
}

/**
 * The kind of record a call's bare `id` parameter names, from its scope declaration
 * (`DeleteSchedule?id=`: a schedule): it is aimed under that kind's name (`scheduleID`).
 */
function bareIdKind(op: Operation): string | null {
  const call = calls.find((c) => c.method === op.method && c.path === op.path);
  return call?.scope?.['query.id'] ?? null;
}
const withIdAs = (params: Record<string, unknown>, from: string, to: string) =>
  from in params
    ? { ...Object.fromEntries(Object.entries(params).filter(([k]) => k !== from)), [to]: params[from] }
    : params;

const takesOwnedId = (op: Operation) =>
  bareIdKind(op) !== null ||
  op.params.some((p) => ownedKind(p.name)) ||
  JSON.stringify(op.body ?? {})
    .match(/"(\w*[Ii][Dd]s?)"/g)
    ?.some((m) => ownedKind(m.slice(1, -1)));

/** A digest of every row of the tenant's records, to prove a refused call changed nothing. */
async function digestOf(tenant: Tenant): Promise<string> {
  const b = tenant.busEntityId;
  const sites = sql`(select id from sites where bus_entity_id = ${b})`;
  const locs = sql`(select id from locations where site_id in ${sites})`;
  const meters = sql`(select id from service_points where location_id in ${locs})`;
  const users = sql`(select id from user_accounts where bus_entity_id = ${b})`;
  const tables = [
    sql`select t::text as r from business_entities t where id = ${b}`,
    sql`select t::text from sites t where id in ${sites}`,
    sql`select t::text from site_settings t where site_id in ${sites}`,
    sql`select t::text from site_integrations t where site_id in ${sites}`,
    sql`select t::text from locations t where id in ${locs}`,
    sql`select t::text from service_points t where id in ${meters}`,
    sql`select t::text from service_point_capabilities t where service_point_id in ${meters}`,
    sql`select t::text from meter_readings t where service_point_id in ${meters}`,
    sql`select t::text from device_control_messages t where service_point_id in ${meters}`,
    sql`select t::text from stays t where site_id in ${sites}`,
    sql`select t::text from guests t where bus_entity_id = ${b}`,
    sql`select t::text from system_alerts t where site_id in ${sites}`,
    sql`select t::text from report_schedules t where site_id in ${sites}`,
    sql`select t::text from report_recipients t where site_id in ${sites}`,
    sql`select t::text from user_accounts t where id in ${users}`,
    sql`select t::text from user_account_sites t where user_account_id in ${users}`,
    sql`select t::text from api_keys t where bus_entity_id = ${b}`,
    sql`select t::text from webhooks t where site_id in ${sites}`,
    sql`select t::text from reservations t where site_id in ${sites}`,
    sql`select t::text from webhook_deliveries t where webhook_id in (select id from webhooks where site_id in ${sites})`,
  ];
  const union = sql.join(tables, sql` union all `);
  const [row] = await rows<{ digest: string }>(
    t.deps.db,
    sql`select md5(string_agg(r, '|' order by r)) as digest from (${union}) x`,
  );
  return row!.digest;
}

it(`refuses every route the other tenant's ids, says nothing of it and changes nothing (${SAMPLES} samples each)`, async () => {
  const ops = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
  const failures: string[] = [];
  let requests = 0;
  const reached = new Set<string>();
  const owned = ops.filter(takesOwnedId);
  for (const [attacker, victim] of [
    [tenants.A, tenants.B],
    [tenants.B, tenants.A],
  ] as const) {
    let before = await digestOf(victim);
    for (const op of ops) {
      const params = objectOf(
        {
          type: 'object',
          properties: Object.fromEntries(op.params.map((p) => [p.name, p.schema])),
          required: op.params.map((p) => p.name),
        },
        LOOKUP_IDS,
      );
      const body = op.body ? valueOf(op.body, LOOKUP_IDS) : fc.constant(undefined);
      const example = examples[`${op.method} ${op.path}`];
      const idKind = bareIdKind(op);
      const samples = [
        ...fc.sample(fc.tuple(params, body), { seed: 15, numRuns: SAMPLES }),
        ...(example ? [[{}, example()] as [Record<string, unknown>, unknown]] : []),
      ].map(([p, b]) => [idKind ? withIdAs(p, 'id', `${idKind}ID`) : p, b] as [Record<string, unknown>, unknown]);
      for (const caller of ['owner', 'manager', 'key', 'anonymous'] as const) {
        for (const [p, b, aimedAt] of samples.flatMap((s) =>
          aimed(s, attacker, victim).map(([p, b]) => [p, b, s] as const),
        )) {
          const token =
            caller === 'anonymous'
              ? undefined
              : caller === 'key'
                ? attacker.key
                : await tokenFor(t, attacker.users[caller]);
          const url = urlOf(
            op,
            idKind ? withIdAs(p as Record<string, unknown>, `${idKind}ID`, 'id') : (p as Record<string, unknown>),
          );
          const payload = b;
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
          requests++;
          const where = `${caller} ${op.method} ${url} ${JSON.stringify(payload)?.slice(0, 200)}`;
          if (namesOwnedId(aimedAt) && !REFUSED.has(res.statusCode)) failures.push(`${res.statusCode} ${where}`);
          if (res.statusCode === 403 || res.statusCode === 404) reached.add(`${caller} ${op.method} ${op.path}`);
          const leaked = victim.markers.find((m) => res.body.includes(m));
          if (leaked) failures.push(`answer names "${leaked}": ${where}`);
          const after = await digestOf(victim);
          if (after !== before) failures.push(`changed the other tenant's rows: ${where}`);
          before = after;
        }
      }
    }
  }
  console.info(
    `tenant isolation: ${requests} requests over ${ops.length} routes (${owned.length} take a tenant's id);` +
      ` ${reached.size} route × caller pairs answered 403 or 404`,
  );
  expect(failures).toEqual([]);
  // the ids reached the scope checks, not only the schema: each id-taking route refused a caller by scope
  const refusedByScope = new Set([...reached].map((r) => r.split(' ').slice(1).join(' ')));
  expect(owned.filter((op) => !refusedByScope.has(`${op.method} ${op.path}`)).map((op) => op.path)).toEqual([]);
}, 600_000);

it("names the other tenant's users and recipients only as outside addresses: asked to confirm, sent no report, its rows unchanged", async () => {
  const [attacker, victim] = [tenants.A, tenants.B];
  const before = await digestOf(victim);
  const token = await tokenFor(t, attacker.users.owner);
  const res = await t.call<{ scheduleID: number; recipientStates: unknown[]; nextRunAt: string }>({
    method: 'POST',
    url: routes.schedules.upsert.path,
    token,
    payload: {
      siteID: attacker.ids.site,
      reportTypeID: 3, // Stay Transactions: the guests' names and phones
      frequency: 'daily',
      time: '06:00',
      format: 'csv',
      recipients: [victim.recipients.owner, victim.recipients.outside],
    },
  });
  expect(res.status).toBe(200);
  // said of them what is said of any unknown address: nothing about the other business
  expect(res.body.result.recipientStates).toEqual([
    { email: victim.recipients.owner, state: 'waiting' },
    { email: victim.recipients.outside, state: 'waiting' },
  ]);
  expect(await digestOf(victim)).toBe(before);

  const { runSchedules } = await import('../features/schedules/run');
  const { deliverMails } = await import('../lib/mailer');
  const sent: Array<{ to: string; attachments?: unknown[] }> = [];
  t.clock.set(new Date(res.body.result.nextRunAt));
  await runSchedules(t.deps);
  await deliverMails({ ...t.deps, mailer: { deliver: async (mail) => void sent.push(mail) } });
  t.clock.set(new Date());
  const toVictim = sent.filter((m) => [victim.recipients.owner, victim.recipients.outside].includes(m.to));
  expect(toVictim.filter((m) => m.attachments?.length)).toEqual([]);
  expect(await digestOf(victim)).toBe(before);
});
