// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import {
  DELETE_WEBHOOK,
  ENABLE,
  PROPERTIES,
  ROTATE,
  SECRET,
  WEBHOOKS,
  properties,
  webhookRow,
} from '../../../test/integrationsFixtures';
import { WebhooksSection } from './WebhooksSection';

const HOUR = 60 * 60_000;
const hooks = [
  webhookRow(1, { url: 'https://pms.example.com/ok', events: ['stay.checked_in', 'stay.checked_out'] }),
  webhookRow(2, {
    url: 'https://pms.example.com/down',
    failingSince: '2026-11-20T10:00:00.000Z',
    previousSecretUntil: new Date(Date.now() + 20 * HOUR).toISOString(),
  }),
  webhookRow(3, {
    url: 'https://pms.example.com/off',
    failingSince: '2026-11-17T10:00:00.000Z',
    disabledAt: '2026-11-20T10:00:00.000Z',
  }),
];

type Handlers = Parameters<typeof mockApi>[0];

function open(list = hooks, handlers: Handlers = {}) {
  signInAs(Role.SiteOwner, 2);
  const api = mockApi({ [PROPERTIES]: properties, [WEBHOOKS]: list, ...handlers });
  return { ...renderWithApp(<WebhooksSection businessID={40} />), api };
}

async function choose(user: ReturnType<typeof open>['user'], name = 'Pine Lake RV Resort') {
  await user.click(screen.getByRole('textbox', { name: 'Property' }));
  await user.click(await screen.findByRole('option', { name }));
}

const rowOf = async (url: string) => (await screen.findByText(url)).closest('tr')!;

describe('Webhooks', () => {
  it("lists a chosen property's endpoints with their events and state", async () => {
    const { user, api } = open();
    expect(screen.getByText('Choose a property to see its webhook endpoints.')).toBeTruthy();
    expect(api.callsTo(WEBHOOKS)).toEqual([]);
    await choose(user);
    const ok = await rowOf('https://pms.example.com/ok');
    expect(api.callsTo(WEBHOOKS)[0]?.query).toEqual({ siteID: '5' });
    expect(screen.getByRole('table', { name: 'Webhook endpoints of Pine Lake RV Resort' })).toBeTruthy();
    expect(ok.textContent).toContain('stay.checked_in');
    expect(ok.textContent).toContain('stay.checked_out');
    expect(ok.textContent).toContain('Active');
    expect(ok.textContent).not.toContain('since');

    const down = await rowOf('https://pms.example.com/down');
    expect(down.textContent).toMatch(/Failing\s*since Nov 20, 2026/);
    expect(down.textContent).toContain('The old secret still signs until');
    const off = await rowOf('https://pms.example.com/off');
    expect(off.textContent).toMatch(/Disabled\s*since Nov 20, 2026/);

    // Enable only where the endpoint is disabled
    expect(screen.queryByRole('button', { name: 'Enable https://pms.example.com/ok' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enable https://pms.example.com/off' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Deliveries of / })).toHaveLength(3);
  });

  it('offers a first endpoint where the property has none', async () => {
    const { user } = open([]);
    await choose(user, 'Gulf Breeze RV Park');
    expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New endpoint' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New endpoint' });
    expect(dialog.textContent).toContain('An endpoint of Gulf Breeze RV Park');
  });

  it('rotates the secret once confirmed, then shows the new one once', async () => {
    const { user, api } = open(hooks, {
      [ROTATE]: () => ({
        message:
          'A new signing secret has been made; for 24 hours deliveries are signed with the old one too. Copy it now: it will not be shown again.',
        result: { webhookID: 1, secret: SECRET },
      }),
    });
    await choose(user);
    await rowOf('https://pms.example.com/ok');
    const rotate = screen.getByRole('button', { name: 'Rotate the secret of https://pms.example.com/ok' });
    await user.click(rotate);
    let confirm = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    expect(confirm.textContent).toContain('For 24 hours deliveries are signed with the old one too');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rotate signing secret' })).toBeNull());
    expect(api.callsTo(ROTATE)).toEqual([]);

    await user.click(rotate);
    confirm = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(api.callsTo(ROTATE).map((c) => c.body)).toEqual([{ webhookID: 1 }]);
    expect(within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Signing secret' }).value).toBe(SECRET);
    expect(shown.textContent).toContain('for 24 hours deliveries are signed with the old one too');
    // the list is read again (the old secret's end)
    await waitFor(() => expect(api.callsTo(WEBHOOKS)).toHaveLength(2));
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New signing secret' })).toBeNull());
  });

  it('enables a disabled endpoint, and deletes one once confirmed', async () => {
    const { user, api } = open(hooks, {
      [ENABLE]: () => ({ message: 'The endpoint has been enabled: the deliveries that waited are being sent.' }),
      [DELETE_WEBHOOK]: () => ({ message: 'The endpoint has been deleted.' }),
    });
    await choose(user);
    await rowOf('https://pms.example.com/off');
    await user.click(screen.getByRole('button', { name: 'Enable https://pms.example.com/off' }));
    expect(await screen.findByText(/The endpoint has been enabled/)).toBeTruthy();
    expect(api.callsTo(ENABLE).map((c) => c.body)).toEqual([{ webhookID: 3 }]);

    await user.click(screen.getByRole('button', { name: 'Delete https://pms.example.com/down' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete endpoint' });
    expect(confirm.textContent).toContain('Delete the endpoint https://pms.example.com/down with its delivery log?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The endpoint has been deleted.')).toBeTruthy();
    expect(api.callsTo(DELETE_WEBHOOK).map((c) => c.body)).toEqual([{ webhookID: 2 }]);
  });
});
