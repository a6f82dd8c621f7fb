// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import type { Caller } from '../userForm';
import { UserModal } from './UserModal';

const admin: Caller = { userAccountID: 1, roleID: Role.Administrator, busEntityID: null };
const owner: Caller = { userAccountID: 2, roleID: Role.SiteOwner, busEntityID: 40 };

function addUser(caller: Caller) {
  signInAs(caller.roleID as 1 | 2, caller.userAccountID);
  const api = mockApi({
    'GET GetAllBusinessLookup': [{ id: 40, value: 'Pine Lake LLC' }],
    'GET GetSitesLookupByBusEntityID': [{ id: 5, value: 'Pine Lake' }],
    'GET GetAllSitesLookupByUserAccountID': [{ id: 5, value: 'Pine Lake' }],
    'POST Account/CreateUserAccount': (call) => ({
      message: 'User created',
      result: {
        ...(call.body as object),
        userAccountID: 9,
        userRoles: 'Site Manager',
        userAccountSites: [],
        busEntityName: null,
      },
    }),
  });
  const onClose = vi.fn();
  const view = renderWithApp(<UserModal mode={{ kind: 'add' }} caller={caller} onClose={onClose} />);
  return { ...view, api, onClose, dialog: screen.getByRole('dialog', { name: 'Add User' }) };
}

async function choose(user: ReturnType<typeof addUser>['user'], label: string, option: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Add User', () => {
  it('[ADMINISTRATOR] asks for a role, a business and the names, and sends nothing', async () => {
    const { user, dialog, api } = addUser(admin);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please Select a Role')).toBeTruthy();
    expect(within(dialog).getByText('Please Select a Business Entity')).toBeTruthy();
    expect(within(dialog).getByText('Please provide First Name')).toBeTruthy();
    expect(api.callsTo('POST Account/CreateUserAccount')).toEqual([]);
  });

  it('[SITE OWNER] gives only the Site Manager role, without a business field', async () => {
    const { user } = addUser(owner);
    expect(screen.queryByRole('textbox', { name: 'Select Business' })).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Select Role' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Site Manager']);
  });

  it('[SITE OWNER] needs properties for a Site Manager, then creates the user in the own business', async () => {
    const { user, dialog, api, onClose } = addUser(owner);
    await choose(user, 'Select Role', 'Site Manager');
    await user.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), 'Grace');
    await user.type(within(dialog).getByRole('textbox', { name: /^Last Name/ }), 'Hopper');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please Select Properties')).toBeTruthy();
    expect(api.callsTo('POST Account/CreateUserAccount')).toEqual([]);

    expect(api.callsTo('GET GetAllSitesLookupByUserAccountID')[0]?.query).toEqual({ userAccountID: '2' });
    await choose(user, 'Select Properties', 'Pine Lake');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.callsTo('POST Account/CreateUserAccount');
    expect(call?.body).toMatchObject({
      active: true,
      busEntityID: 40,
      siteIDs: [5],
      roles: [{ roleID: Role.SiteManager }],
      contact: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    });
  });
});
