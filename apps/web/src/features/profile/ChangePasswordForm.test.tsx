// @vitest-environment happy-dom
import { Role, routes } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { renderWithApp, signInAs } from '../../test/render';
import { ChangePasswordForm } from './components/ChangePasswordForm';

const CHANGE = `PUT ${routes.auth.changeOwnPassword.path.replace('/api/', '')}`;

async function change(current: string, next: string, confirm: string, answer: object = {}) {
  const login = signInAs(Role.SiteManager);
  const server = mockApi({ [CHANGE]: () => ({ result: login, ...answer }) });
  const { user } = renderWithApp(<ChangePasswordForm />);
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return server;
}

describe('Change password', () => {
  it('wants the confirmation to match, and sends nothing until it does', async () => {
    const server = await change('Old#12345', 'New#12345', 'New#1234');
    expect(await screen.findByText('Confirm password must match the above password')).toBeTruthy();
    expect(server.callsTo(CHANGE)).toEqual([]);
  });

  it('sends the current and the new password, and says it is done', async () => {
    const server = await change('Old#12345', 'New#12345', 'New#12345');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(server.callsTo(CHANGE)[0]?.body).toEqual({ currentPassword: 'Old#12345', newPassword: 'New#12345' });
  });

  it("puts the server's refusal of the current password on its field", async () => {
    await change('Wrong#1234', 'New#12345', 'New#12345', {
      status: 400,
      message: 'The current password is wrong.',
      result: {
        code: 'invalid',
        errors: [{ field: 'currentPassword', code: 'fieldNotValid', message: 'The current password is wrong.' }],
      },
    });
    const error = await screen.findByText('Field is not valid');
    expect(screen.getByLabelText('Current password').getAttribute('aria-describedby')).toContain(error.id);
  });
});
