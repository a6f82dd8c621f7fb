// @vitest-environment happy-dom
import { routes } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getLogin } from '../../lib/session/session';
import { mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { LoginPage } from './LoginPage';

const SIGN_IN = `POST ${routes.auth.signIn.path.replace('/api/', '')}`;
const login = {
  token: 'token-9',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  userAccountBasicInfo: { userAccountID: 9, roleID: 2 },
};

async function signIn(email: string, password: string) {
  const view = renderWithApp(<LoginPage />, { route: '/auth/login' });
  if (email) await view.user.type(screen.getByRole('textbox', { name: 'Email' }), email);
  if (password) await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return view;
}

describe('Sign In', () => {
  it('asks for an e-mail and a password, and sends nothing without them', async () => {
    const server = mockApi({ [SIGN_IN]: login });
    await signIn('', '');
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(server.callsTo(SIGN_IN)).toEqual([]);
  });

  it('sends the credentials and keeps the login the guards read', async () => {
    const server = mockApi({ [SIGN_IN]: login });
    await signIn('ada@example.com', 'Secret#123');
    await waitFor(() => expect(getLogin()?.token).toBe('token-9'), { timeout: 3000 });
    expect(server.callsTo(SIGN_IN)[0]?.body).toEqual({ Username: 'ada@example.com', Password: 'Secret#123' });
  });

  it('says why the server refused, and keeps no login', async () => {
    mockApi({ [SIGN_IN]: () => ({ status: 401, message: 'Invalid email or password.' }) });
    await signIn('ada@example.com', 'wrong');
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe('Invalid email or password.');
    expect(getLogin()).toBeNull();
  });
});
