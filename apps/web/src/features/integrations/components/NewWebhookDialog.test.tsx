// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import { CREATE_WEBHOOK, SECRET, WEBHOOKS } from '../../../test/integrationsFixtures';
import { NewWebhookDialog } from './NewWebhookDialog';

const URL_FIELD = /^URL/;

function openDialog(create: Parameters<typeof mockApi>[0][string]) {
  signInAs(Role.SiteOwner, 2);
  const api = mockApi({ [CREATE_WEBHOOK]: create, [WEBHOOKS]: [] });
  const onClose = vi.fn();
  const view = renderWithApp(<NewWebhookDialog siteID={5} propertyName="Pine Lake RV Resort" onClose={onClose} />);
  return { ...view, api, onClose, dialog: screen.getByRole('dialog', { name: 'New endpoint' }) };
}

const created = () => ({
  message: 'The endpoint has been added. Copy its signing secret now: it will not be shown again.',
  result: { webhookID: 4, secret: SECRET },
});

async function fillIn({ user, dialog }: ReturnType<typeof openDialog>, url = 'https://pms.example.com/in') {
  await user.type(within(dialog).getByRole('textbox', { name: URL_FIELD }), url);
  await user.click(within(dialog).getByRole('checkbox', { name: /^stay\.checked_out/ }));
  await user.click(within(dialog).getByRole('checkbox', { name: /^stay\.checked_in/ }));
}

describe('New endpoint', () => {
  it('explains each event type, and sends nothing without a URL and an event', async () => {
    const { user, dialog, api } = openDialog(created);
    expect(dialog.textContent).toContain('An endpoint of Pine Lake RV Resort');
    expect(within(dialog).getByRole('checkbox', { name: /^relay\.changed · Power switched/ })).toBeTruthy();
    expect(within(dialog).getByText("A stay ended, with its statement's lines and total.")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Enter a web address starting with https:// or http://.')).toBeTruthy();
    expect(within(dialog).getByText('Required field')).toBeTruthy();
    expect(api.callsTo(CREATE_WEBHOOK)).toEqual([]);
  });

  it('puts the server’s field error on the URL', async () => {
    const view = openDialog(() => ({
      status: 400,
      result: {
        code: 'invalid',
        errors: [
          {
            field: 'url',
            code: 'webhookPrivateAddress',
            message: 'This address is on a private or local network: the portal does not send webhooks there.',
          },
        ],
      },
      message: 'This address is on a private or local network: the portal does not send webhooks there.',
    }));
    const { user, dialog, api } = view;
    await fillIn(view, 'http://10.0.0.8/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(api.callsTo(CREATE_WEBHOOK)).toHaveLength(1));
    // the events in the contract's order, whatever the order they were ticked in
    expect(api.callsTo(CREATE_WEBHOOK)[0]?.body).toEqual({
      siteID: 5,
      url: 'http://10.0.0.8/hook',
      events: ['stay.checked_in', 'stay.checked_out'],
    });
    const url = within(dialog).getByRole('textbox', { name: URL_FIELD });
    expect(await within(dialog).findByText(/private or local network/)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('The endpoint was not added: check the marked fields.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Signing secret' })).toBeNull();
  });

  it('shows the signing secret once, to copy, with how to verify deliveries', async () => {
    const view = openDialog(created);
    await fillIn(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: "Your endpoint's signing secret" });
    const secret = within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Signing secret' });
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    expect(shown.textContent).toContain('Copy its signing secret now: it will not be shown again.');
    expect(shown.textContent).toContain('webhook-id, webhook-timestamp and webhook-signature');
    expect(shown.textContent).toContain('docs/integrations.md');

    await view.user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('The secret is on the clipboard.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await view.user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(view.onClose).toHaveBeenCalled();
  });
});
