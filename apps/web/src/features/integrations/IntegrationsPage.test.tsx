// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { renderWithApp, signInAs } from '../../test/render';
import { IntegrationsPage } from './IntegrationsPage';
import { BUSINESSES, KEYS, ME, PROPERTIES, REVOKE, keyRow, owner, properties } from '../../test/integrationsFixtures';

const keys = [
  keyRow(3, {
    name: 'Campspot sync',
    siteIDs: [5, 6],
    scopes: ['locations:read', 'stays:write'],
    lastUsedAt: '2026-11-20T10:00:00.000Z',
    lastUsedFrom: '203.0.113.9',
  }),
  keyRow(2, { name: 'Old export', expiresAt: '2026-01-01T00:00:00.000Z' }),
  keyRow(1, { name: 'Leaked key', revokedAt: '2026-10-02T00:00:00.000Z' }),
];

function openAsOwner(list = keys, revoke: Parameters<typeof mockApi>[0][string] = null) {
  signInAs(Role.SiteOwner, owner.userAccountID);
  const api = mockApi({ [ME]: owner, [KEYS]: list, [PROPERTIES]: properties, [REVOKE]: revoke });
  return { ...renderWithApp(<IntegrationsPage />), api };
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('Integrations', () => {
  it("[SITE OWNER] lists the own business's keys with their properties, scopes, use, expiry and state", async () => {
    const { api } = openAsOwner();
    expect(screen.getByRole('heading', { name: 'Integrations' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const used = await rowOf('Campspot sync');
    expect(api.callsTo(KEYS)[0]?.query).toEqual({ businessID: '40' });
    expect(api.callsTo(PROPERTIES)[0]?.query).toEqual({ busEntityID: '40' });
    expect(used.textContent).toContain('mpk_ab3…');
    // the webhooks below, a property at a time
    expect(screen.getByRole('heading', { name: 'Webhooks' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Property' })).toBeTruthy();
    expect(used.textContent).toContain('Pine Lake RV Resort, Gulf Breeze RV Park');
    expect(used.textContent).toContain('locations:read');
    expect(used.textContent).toContain('stays:write');
    expect(used.textContent).toContain('by Olivia Owner');
    expect(used.textContent).toContain('from 203.0.113.9');
    expect(used.textContent).toContain('No expiry');
    expect(used.textContent).toContain('Active');
    expect((await rowOf('Old export')).textContent).toContain('Never');
    expect((await rowOf('Old export')).textContent).toContain('Expired');
    expect((await rowOf('Leaked key')).textContent).toContain('Revoked');

    const revokeOf = (name: string) => screen.getByRole('button', { name: `Revoke the key ${name}` });
    expect(revokeOf('Leaked key').hasAttribute('disabled')).toBe(true);
    expect(revokeOf('Campspot sync').hasAttribute('disabled')).toBe(false);
  });

  it('says so when the business has no key yet, and offers to make one', async () => {
    openAsOwner([]);
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New API key' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('revokes a key only once the confirmation is answered', async () => {
    const { user, api } = openAsOwner(keys, () => ({ message: 'The API key has been revoked.', result: null }));
    await rowOf('Campspot sync');
    await user.click(screen.getByRole('button', { name: 'Revoke the key Campspot sync' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(confirm.textContent).toContain('Revoke the key Campspot sync (mpk_ab3…)?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke API key' })).toBeNull());
    expect(api.callsTo(REVOKE)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke the key Campspot sync' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The API key has been revoked.')).toBeTruthy();
    expect(api.callsTo(REVOKE).map((c) => c.body)).toEqual([{ apiKeyID: 3 }]);
    // the list is read again
    await waitFor(() => expect(api.callsTo(KEYS)).toHaveLength(2));
  });

  const asAdministrator = (route = '/Integrations') => {
    signInAs(Role.Administrator, 1);
    const api = mockApi({
      [BUSINESSES]: [
        { id: 40, value: 'Pine Lake LLC' },
        { id: 41, value: 'Harbor & Dock Holdings' },
      ],
      [KEYS]: keys,
      [PROPERTIES]: properties,
    });
    return { ...renderWithApp(<IntegrationsPage />, { route }), api };
  };

  it('[ADMINISTRATOR] picks the business first, then sees its keys', async () => {
    const { user, api } = asAdministrator();
    expect(await screen.findByText('Choose a business to see its API keys and webhooks.')).toBeTruthy();
    expect(api.callsTo(KEYS)).toEqual([]);
    expect(api.callsTo(ME)).toEqual([]);
    await user.click(screen.getByRole('textbox', { name: 'Business' }));
    await user.click(await screen.findByRole('option', { name: 'Harbor & Dock Holdings' }));
    await rowOf('Campspot sync');
    expect(api.callsTo(KEYS)[0]?.query).toEqual({ businessID: '41' });
  });

  it('[ADMINISTRATOR] arrives with the business a link names (the property dialog’s)', async () => {
    const { api } = asAdministrator('/Integrations?business=40');
    await rowOf('Campspot sync');
    expect(api.callsTo(KEYS)[0]?.query).toEqual({ businessID: '40' });
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Business' }).value).toBe('Pine Lake LLC'),
    );
  });
});
