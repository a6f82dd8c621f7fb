// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { ConfirmRecipientPage } from './ConfirmRecipientPage';

const INVITATION = 'GET Public/ReportRecipient';
const CONFIRM = 'POST Public/ConfirmReportRecipient';
const invitation = { propertyName: 'Pine Lake', email: 'books@example.com', confirmed: false };

function openLink(answers: Parameters<typeof mockApi>[0]) {
  const api = mockApi(answers);
  const view = renderWithApp(
    <Routes>
      <Route path="/report-recipient/:token" element={<ConfirmRecipientPage />} />
    </Routes>,
    { route: '/report-recipient/tok_123-abc' },
  );
  return { ...view, api };
}

describe('the page an outside recipient of scheduled reports opens from the mail', () => {
  it('says whose reports would go where, and confirms only when asked', async () => {
    const { user, api } = openLink({
      [INVITATION]: invitation,
      [CONFIRM]: () => ({
        result: { ...invitation, confirmed: true },
        message: 'Thank you: the scheduled reports of this property will be mailed to this address.',
      }),
    });
    expect(
      await screen.findByText(
        'Pine Lake would like to mail its scheduled reports to books@example.com. Nothing is mailed to this address until you confirm.',
      ),
    ).toBeTruthy();
    expect(api.callsTo(INVITATION)[0]?.query).toEqual({ token: 'tok_123-abc' });
    expect(api.callsTo(INVITATION)[0]?.headers.get('authorization')).toBeNull();
    expect(api.callsTo(CONFIRM)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo(CONFIRM)).toHaveLength(1));
    expect(api.callsTo(CONFIRM)[0]?.body).toEqual({ token: 'tok_123-abc' });
    expect(
      await screen.findByText('Confirmed: the scheduled reports of Pine Lake will be mailed to books@example.com.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('says so when the address has confirmed already', async () => {
    openLink({ [INVITATION]: { ...invitation, confirmed: true } });
    expect(
      await screen.findByText('Confirmed: the scheduled reports of Pine Lake will be mailed to books@example.com.'),
    ).toBeTruthy();
  });

  it('says that a wrong or expired link does not work, and what to do', async () => {
    openLink({ [INVITATION]: () => ({ status: 404, message: 'The requested link is not found' }) });
    expect(await screen.findByText('This confirmation link is not valid or has expired.')).toBeTruthy();
    expect(
      screen.getByText('Ask the business that named you to save its scheduled report again: a new link is mailed.'),
    ).toBeTruthy();
  });
});
