// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { Role, type ReadRouteStop } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { propertyRow } from '../../test/fixtures';
import { renderWithApp, signInAs } from '../../test/render';
import { SITES } from '../../test/reservationsFixtures';
import { forgetReading, queuedReadings } from './queue';
import { ReadRoutePage } from './ReadRoutePage';

const ROUTE = 'GET Meters/ReadRoute';
const READ = 'POST AddManualMeterReading';
type Handlers = Parameters<typeof mockApi>[0];

const stop = (id: number, over: Partial<ReadRouteStop> = {}): ReadRouteStop => ({
  servicePointID: id,
  locationID: id * 10,
  locationDescription: `Pad ${id}`,
  meterName: `H00000${id}`,
  unit: 'kWh',
  readByHand: true,
  lastReading: '100',
  lastReadAt: '2026-11-01T15:00:00.000Z',
  expectedMin: '100',
  expectedMax: '150',
  estimate: '112.5',
  ...over,
});

const stops = [
  stop(1),
  stop(2, { readByHand: false, lastReadAt: new Date().toISOString() }),
  stop(3, { lastReading: null, lastReadAt: null, expectedMin: null, expectedMax: null }),
];

function open(handlers: Handlers = {}) {
  signInAs(Role.SiteManager);
  const api = mockApi({
    [SITES]: [propertyRow(3, 'Pine Lake')],
    [ROUTE]: stops,
    [READ]: { overrideConfirmation: false, previousReading: 100 },
    ...handlers,
  });
  renderWithApp(
    <Routes>
      <Route path="/ReadingRoute/:siteId" element={<ReadRoutePage />} />
    </Routes>,
    { route: '/ReadingRoute/3' },
  );
  return api;
}

const card = async (pad: string) =>
  (await screen.findByRole('heading', { name: new RegExp(`^${pad} ·`) })).closest('li')!;

async function enter(pad: string, value: string) {
  const user = userEvent.setup();
  const within_ = within(await card(pad));
  await user.type(within_.getByLabelText('Reading (kWh)'), value);
  await user.click(within_.getByRole('button', { name: 'Save' }));
  return user;
}

afterEach(async () => {
  for (const q of await queuedReadings(3)) await forgetReading(q.key);
});

describe('the read route', () => {
  it("lists the property's meters in route order with the last reading, the range expected and the progress", async () => {
    const api = open();
    expect(await screen.findByRole('heading', { name: 'Read route · Pine Lake', level: 1 })).toBeTruthy();
    expect(api.callsTo(ROUTE)[0]?.query).toEqual({ siteID: '3' });
    const names = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(names).toEqual(['Pad 1 · H000001', 'Pad 2 · H000002', 'Pad 3 · H000003']);
    const first = await card('Pad 1');
    expect(first.textContent).toContain('Last: 100 kWh · Nov 1, 2026');
    expect(first.textContent).toContain('Expected 100 kWh – 150 kWh');
    expect((await card('Pad 2')).textContent).toContain('Silent meter');
    expect((await card('Pad 3')).textContent).toContain('No reading yet');
    // the silent meter was read today
    expect(screen.getByText('1 of 3 read')).toBeTruthy();
  });

  it('sends a reading as a read at its time, with an Idempotency-Key, and counts it read', async () => {
    const api = open();
    await enter('Pad 1', '112.5');
    await waitFor(() => expect(api.callsTo(READ)).toHaveLength(1));
    const [sent] = api.callsTo(READ);
    expect(sent!.body).toMatchObject({
      servicePointID: 1,
      reset: false,
      kwHTotal: '112.5',
      overrideConfirmation: false,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d/) as string,
    });
    expect(sent!.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(async () => expect(await queuedReadings(3)).toEqual([]));
  });

  it('records the estimate from the daily average, marked as one', async () => {
    const api = open();
    await userEvent
      .setup()
      .click(within(await card('Pad 1')).getByRole('button', { name: 'Record an estimate: 112.5 kWh' }));
    await waitFor(() => expect(api.callsTo(READ)).toHaveLength(1));
    expect(api.callsTo(READ)[0]!.body).toMatchObject({ servicePointID: 1, kwHTotal: '112.5', estimated: true });
  });

  it('keeps a reading entered offline on the phone, shows it not sent, and sends it once when the network returns', async () => {
    let online = false;
    const api = open({
      [READ]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { result: { overrideConfirmation: false, previousReading: 100 } };
      },
    });
    await enter('Pad 3', '40');
    expect(await within(await card('Pad 3')).findByText('40 kWh: not sent yet')).toBeTruthy();
    const [kept] = await queuedReadings(3);
    expect(kept).toMatchObject({ servicePointID: 3, body: { kwHTotal: '40' }, refusal: null });
    expect(screen.getByText('2 of 3 read')).toBeTruthy();

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await queuedReadings(3)).toEqual([]));
    const keys = api.callsTo(READ).map((c) => c.headers.get('idempotency-key'));
    expect(new Set(keys)).toEqual(new Set([kept!.key]));
  });

  it('warns before a value below the last reading and sends it confirmed', async () => {
    const api = open();
    const user = await enter('Pad 1', '20');
    expect(await screen.findByText(/20 kWh is below the last reading, 100 kWh/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.callsTo(READ)[0]?.body).toMatchObject({ kwHTotal: '20', overrideConfirmation: true }),
    );
  });

  it('brings a reading the server refuses back with its reason, to discard', async () => {
    const api = open({ [READ]: () => ({ status: 400, message: 'The reading is too old to be stored.' }) });
    const user = await enter('Pad 3', '41');
    const refused = await within(await card('Pad 3')).findByRole('alert');
    expect(refused.textContent).toContain('41 kWh was not stored: The reading is too old to be stored.');
    await user.click(within(refused).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await queuedReadings(3)).toEqual([]));
    expect(api.callsTo(READ)).toHaveLength(1);
  });

  it('keeps a reading waiting when the session ended (a long walk offline), instead of calling it refused', async () => {
    open({ [READ]: () => ({ status: 401, message: 'Session expired' }) });
    await enter('Pad 3', '42');
    expect(await within(await card('Pad 3')).findByText('42 kWh: not sent yet')).toBeTruthy();
    const [kept] = await queuedReadings(3);
    expect(kept?.refusal).toBeNull();
  });

  it('puts the route in a new walking order, by buttons, and saves it for everyone', async () => {
    const api = open({ 'PUT Meters/ReadRouteOrder': null });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change order' }));
    await user.click(screen.getByRole('button', { name: 'Move Pad 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Move Pad 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() =>
      expect(api.callsTo('PUT Meters/ReadRouteOrder')[0]?.body).toEqual({ siteID: 3, locationIDs: [30, 10, 20] }),
    );
    // back on the route, read again
    expect(await screen.findByText('1 of 3 read')).toBeTruthy();
    expect(api.callsTo(ROUTE).length).toBeGreaterThan(1);
  });
});
