import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client';
import { uniqueConflicts } from '../lib/errors';
import { buildBusiness, buildLocation, buildMeter, buildSite, buildUser, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Requests that race for one unique name: one wins, every other is told 409 with the name's
 * message, none is answered 500. On PostgreSQL (CI) the requests run on separate connections,
 * so the losers pass the check and meet the unique index.
 */
let t: TestApp;
let admin = '';
let siteId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const business = await buildBusiness(t.deps.db);
  siteId = (await buildSite(t.deps.db, business.id)).id;
  admin = await signIn(t, await buildUser(t.deps.db));
});
afterAll(() => t.close());

const RACERS = 6;

async function race(requests: Array<() => Promise<{ status: number; body: { message: string | null } }>>) {
  const answers = await Promise.all(requests.map((r) => r()));
  return {
    won: answers.filter((a) => a.status === 200).length,
    lost: answers.filter((a) => a.status === 409).map((a) => a.body.message),
    other: answers.filter((a) => a.status !== 200 && a.status !== 409).map((a) => a.status),
  };
}

const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

describe('races on a unique name', () => {
  it('CreateMeter: one meter per name', async () => {
    const result = await race(
      times(
        RACERS,
        (i) => () =>
          t.call({
            method: 'POST',
            url: '/api/ServicePoint/CreateMeter',
            token: admin,
            payload: { servicePointName: 'R000001', deviceKey: `race-key-${i}`, fk_DeviceTypeId: 1 },
          }),
      ),
    );
    expect(result).toEqual({
      won: 1,
      lost: times(RACERS - 1, () => 'A meter with this id or device key already exists.'),
      other: [],
    });
  });

  it('UpdateLocation: one location per public name', async () => {
    const locs = await Promise.all(times(RACERS, () => buildLocation(t.deps.db, siteId)));
    const result = await race(
      locs.map(
        (loc) => () =>
          t.call({
            method: 'PUT',
            url: '/api/UpdateLocation',
            token: admin,
            payload: { locationID: loc.id, locationDescription: loc.description, locationPublicName: 'RACENAME' },
          }),
      ),
    );
    expect(result).toEqual({
      won: 1,
      lost: times(RACERS - 1, () => 'Another location already uses this public name.'),
      other: [],
    });
  });

  it('AddMeterToLocation: at most two meters on a location, in two slots', async () => {
    const loc = await buildLocation(t.deps.db, siteId);
    const spares = await Promise.all(times(RACERS, () => buildMeter(t.deps.db)));
    const result = await race(
      spares.map(
        (m) => () =>
          t.call({
            method: 'POST',
            url: '/api/AddMeterToLocation',
            token: admin,
            payload: { servicePointID: m.id, fk_LocationID: loc.id },
          }),
      ),
    );
    expect(result.won).toBe(2);
    expect(result.other).toEqual([]);
    expect(result.lost).toHaveLength(RACERS - 2);
  });

  it('CreateTariffVersion: one version per property and moment', async () => {
    const effectiveFrom = new Date(Date.now() + 86_400_000).toISOString();
    const result = await race(
      times(
        RACERS,
        (i) => () =>
          t.call({
            method: 'POST',
            url: '/api/Billing/CreateTariffVersion',
            token: admin,
            payload: { siteID: siteId, effectiveFrom, electricRate: `0.${i + 1}`, waterRate: '0.01' },
          }),
      ),
    );
    expect(result).toEqual({
      won: 1,
      lost: times(RACERS - 1, () => 'Another tariff version of this property takes effect at the same moment.'),
      other: [],
    });
  });

  it('UpsertSchedule: at most 20 scheduled reports a property, whatever number are saved at once', async () => {
    const site = await buildSite(t.deps.db, (await buildBusiness(t.deps.db)).id);
    const result = await race(
      times(
        25,
        () => () =>
          t.call({
            method: 'POST',
            url: '/api/Report/UpsertSchedule',
            token: admin,
            payload: {
              siteID: site.id,
              reportTypeID: 2,
              frequency: 'daily',
              time: '06:00',
              format: 'csv',
              recipients: ['race@example.com'],
            },
          }),
      ),
    );
    expect(result).toEqual({
      won: 20,
      lost: times(5, () => 'A property can have at most 20 scheduled reports.'),
      other: [],
    });
  });

  it('CreateBusEntity: one business per name', async () => {
    const result = await race(
      times(
        RACERS,
        () => () =>
          t.call({
            method: 'POST',
            url: '/api/Business/CreateBusEntity',
            token: admin,
            payload: { legalName: 'Race Co' },
          }),
      ),
    );
    expect(result).toEqual({
      won: 1,
      lost: times(RACERS - 1, () => 'A business entity with this name already exists.'),
      other: [],
    });
  });
});

it('names a message for every unique index a request can fill; the rest only the server writes', async () => {
  const serverOnly = [
    // an API key's prefix: random, made by the server
    'api_keys_prefix_index',
    // a PMS's reservation id: the upsert takes the row it names, never a conflict
    'reservations_site_id_external_id_index',
    'password_tokens_token_hash_index',
    // the link mailed to an outside recipient of scheduled reports: made by the server
    'report_recipients_token_hash_index',
    // a scheduled report's run a due time: only the job inserts runs
    'report_runs_schedule_id_due_at_index',
    'service_point_capabilities_service_point_id_capability_id_index',
    'site_settings_site_id_index',
    'states_country_id_abbreviation_index',
    'stays_statement_legacy_token_hash',
    'stays_statement_token_hash',
    // a reservation's stay: the server checks it in once (features/integrations/reservations.ts)
    'stays_one_per_reservation',
    'system_alerts_one_open',
    // the broker's dropped count, one open alert with no meter: only the job raises it
    'system_alerts_one_open_unmetered',
    'user_accounts_contact_id_index',
    // an event to an endpoint: only the outbox writer makes deliveries (hub/webhook-events.ts)
    'webhook_deliveries_webhook_id_event_id_index',
  ];
  const found = await rows<{ name: string }>(
    t.deps.db,
    sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
        join pg_namespace n on n.oid = c.relnamespace
        where i.indisunique and not i.indisprimary and n.nspname = 'public' order by 1`,
  );
  const named = found.map((r) => r.name).filter((n) => !n.endsWith('_unique'));
  expect(named.filter((n) => !serverOnly.includes(n)).sort()).toEqual(Object.keys(uniqueConflicts).sort());
});
