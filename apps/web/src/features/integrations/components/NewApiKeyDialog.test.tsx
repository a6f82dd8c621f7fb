// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import { CREATE, KEYS, properties } from '../../../test/integrationsFixtures';
import { NewApiKeyDialog } from './NewApiKeyDialog';

const KEY = 'mpk_0123456789abcdefghijklmnopqrstuv';

function openDialog(create: Parameters<typeof mockApi>[0][string]) {
  signInAs(Role.SiteOwner, 2);
  const api = mockApi({ [CREATE]: create, [KEYS]: [] });
  const onClose = vi.fn();
  const view = renderWithApp(<NewApiKeyDialog businessID={40} properties={properties} onClose={onClose} />);
  return { ...view, api, onClose, dialog: screen.getByRole('dialog', { name: 'New API key' }) };
}

const created = () => ({
  message: 'The API key has been created. Copy it now: it will not be shown again.',
  result: { apiKeyID: 9, key: KEY },
});

async function fillIn({ user, dialog }: ReturnType<typeof openDialog>) {
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Newbook sync');
  await user.click(within(dialog).getByRole('textbox', { name: /^Properties/ }));
  await user.click(await screen.findByRole('option', { name: 'Pine Lake RV Resort' }));
  await user.click(within(dialog).getByRole('checkbox', { name: /^locations:read/ }));
}

describe('New API key', () => {
  it('asks for a name, properties and scopes, and sends nothing without them', async () => {
    const { user, dialog, api } = openDialog(created);
    expect(within(dialog).getByRole('checkbox', { name: /^usage:read · Read usage/ })).toBeTruthy();
    expect(within(dialog).getByText('Check guests in and out, as the front desk does.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required field')).toHaveLength(3));
    expect(api.callsTo(CREATE)).toEqual([]);
  });

  it('puts the server’s field error on its field', async () => {
    const view = openDialog(() => ({
      status: 400,
      result: {
        code: 'invalid',
        errors: [{ field: 'expiresAt', code: 'apiKeyExpiryPast', message: 'The expiry must be in the future.' }],
      },
      message: 'The expiry must be in the future.',
    }));
    const { user, dialog, api } = view;
    await fillIn(view);
    fireEvent.change(within(dialog).getByLabelText(/^Expires on/), { target: { value: '2030-01-15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    // the key stops as the chosen day begins, in the user's zone
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      businessID: 40,
      name: 'Newbook sync',
      siteIDs: [5],
      scopes: ['locations:read'],
      expiresAt: new Date(2030, 0, 15).toISOString(),
    });
    const expiry = within(dialog).getByLabelText(/^Expires on/);
    expect(await within(dialog).findByText('The expiry must be in the future.')).toBeTruthy();
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('The key was not created: check the marked fields.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'API key' })).toBeNull();
  });

  it('shows the new key once, read-only, to copy; Done closes it', async () => {
    const view = openDialog(created);
    const { user, dialog, api, onClose } = view;
    await fillIn(view);
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({ expiresAt: null });
    const key = within(shown).getByRole<HTMLInputElement>('textbox', { name: 'API key' });
    expect(key.value).toBe(KEY);
    expect(key.readOnly).toBe(true);
    expect(within(shown).getByText(/Copy it now: it will not be shown again/)).toBeTruthy();

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('The key is on the clipboard.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(KEY);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says how to copy the key by hand when the browser refuses the clipboard', async () => {
    const view = openDialog(created);
    await fillIn(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await view.user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText(/the key is selected, copy it with Ctrl\+C/)).toBeTruthy();
  });
});
