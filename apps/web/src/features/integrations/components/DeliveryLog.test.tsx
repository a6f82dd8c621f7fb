// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { cellTexts, renderWithApp, signInAs } from '../../../test/render';
import { DELIVERIES_REFRESH_MS } from '../hooks';
import { DELIVERIES, REDELIVER, WEBHOOKS, deliveryRow, webhookRow } from '../../../test/integrationsFixtures';
import { DeliveryLog } from './DeliveryLog';

const hook = webhookRow(7, { url: 'https://pms.example.com/in' });
const deliveries = [
  deliveryRow(12, {
    eventID: 'msg_pending',
    type: 'stay.checked_out',
    status: 'pending',
    attempts: 2,
    lastStatusCode: 503,
    lastAttemptAt: '2026-11-20T10:05:00.000Z',
    nextAttemptAt: '2026-11-20T10:35:00.000Z',
    lastResponse: 'Service Unavailable: the PMS is down for maintenance',
  }),
  deliveryRow(11, { eventID: 'msg_done' }),
  deliveryRow(10, {
    eventID: 'msg_failed',
    status: 'failed',
    attempts: 8,
    lastStatusCode: null,
    lastResponse: 'connect ECONNREFUSED',
  }),
];

function open(
  list: Parameters<typeof mockApi>[0][string] = deliveries,
  redeliver: Parameters<typeof mockApi>[0][string] = null,
) {
  signInAs(Role.SiteOwner, 2);
  const api = mockApi({ [DELIVERIES]: list, [REDELIVER]: redeliver, [WEBHOOKS]: [hook] });
  const onClose = vi.fn();
  const view = renderWithApp(<DeliveryLog siteID={5} hook={hook} onClose={onClose} />);
  return { ...view, api, onClose, dialog: screen.getByRole('dialog', { name: 'Delivery log' }) };
}

const rowOf = async (eventID: string) => (await screen.findByText(eventID)).closest('tr')!;

describe('Delivery log', () => {
  it('lists the deliveries, newest first, with their status, attempts and last answer', async () => {
    const { dialog, api } = open();
    expect(within(dialog).getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const pending = await rowOf('msg_pending');
    expect(api.callsTo(DELIVERIES)[0]?.query).toEqual({ webhookID: '7' });
    expect(within(dialog).getByRole('table', { name: 'Deliveries to https://pms.example.com/in' })).toBeTruthy();
    const cells = cellTexts(pending);
    expect(cells.slice(0, 5)).toEqual(['stay.checked_out', 'msg_pending', 'Pending', '2', '503']);
    expect(cells[5]).toMatch(/Nov 20, 2026/);
    expect(cells[6]).toMatch(/Nov 20, 2026/);
    expect(cells[7]).toBe('Service Unavailable: the PMS is down for maintenance');

    const done = within(await rowOf('msg_done')).getAllByRole('cell');
    expect(done[2]?.textContent).toBe('Delivered');
    // no next attempt but for a pending one
    expect(done[6]?.textContent).toBe('—');
    const failed = within(await rowOf('msg_failed')).getAllByRole('cell');
    expect(failed[2]?.textContent).toBe('Failed');
    expect(failed[4]?.textContent).toBe('—');
    expect(failed[7]?.textContent).toBe('connect ECONNREFUSED');
  });

  it('is read again every few seconds while open', async () => {
    const { queryClient } = open();
    await rowOf('msg_done');
    const query = queryClient.getQueryCache().getAll()[0];
    expect(query?.options).toMatchObject({ refetchInterval: DELIVERIES_REFRESH_MS });
    expect(DELIVERIES_REFRESH_MS).toBe(5_000);
  });

  it('redelivers one delivery and reads the log again', async () => {
    const { user, api } = open(deliveries, () => ({ message: 'The delivery will be sent again now.' }));
    await rowOf('msg_failed');
    await user.click(screen.getByRole('button', { name: 'Redeliver stay.checked_in msg_failed' }));
    expect(await screen.findByText('The delivery will be sent again now.')).toBeTruthy();
    expect(api.callsTo(REDELIVER).map((c) => c.body)).toEqual([{ deliveryID: 10 }]);
    await waitFor(() => expect(api.callsTo(DELIVERIES).length).toBeGreaterThanOrEqual(2));
  });

  it('says so when nothing was delivered yet', async () => {
    open([]);
    expect(await screen.findByText('No deliveries yet')).toBeTruthy();
  });

  it('shows the server’s reason when the log cannot be read', async () => {
    const { dialog } = open(() => ({ status: 500, message: 'Server error' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The deliveries could not be loaded.');
  });
});
