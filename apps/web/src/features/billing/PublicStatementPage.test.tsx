// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { renderWithApp } from '../../test/render';
import { PublicStatementPage } from './PublicStatementPage';
import { stayStatement } from './statementFixture';

const PUBLIC_STATEMENT = 'GET Public/Statement';
const PUBLIC_PDF = 'GET Public/StatementPdf';

function openGuestPage(answer: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({ [PUBLIC_STATEMENT]: answer, [PUBLIC_PDF]: null });
  const view = renderWithApp(
    <Routes>
      <Route path="/statement/:token" element={<PublicStatementPage />} />
    </Routes>,
    { route: '/statement/abcDEF123_-xyz456789012' },
  );
  return { ...view, api };
}

describe('the guest’s statement page', () => {
  it('shows the statement without signing in, and without the guest’s name or the link', async () => {
    const { guestName: _, publicUrl: __, linkExpiresAt: ___, ...guestView } = stayStatement();
    const { api } = openGuestPage(guestView);
    await screen.findByRole('heading', { level: 1, name: 'Statement · Site 12' });
    const [call] = api.callsTo(PUBLIC_STATEMENT);
    expect(call?.query).toEqual({ token: 'abcDEF123_-xyz456789012' });
    expect(call?.headers.get('authorization')).toBeNull();
    const lines = screen.getByRole('table', { name: 'Charges of the stay' });
    expect(within(lines).getByRole('row', { name: /^Total/ }).textContent).toBe('Total€2,675.68');
    expect(screen.queryByText('Dana Reyes')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Guest link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('shows the guest the latest revision, when and why it was made', async () => {
    const {
      guestName: _,
      publicUrl: __,
      linkExpiresAt: ___,
      revisions: ____,
      ...guestView
    } = stayStatement({
      revision: 3,
      revisedAt: '2026-11-05T17:00:00.000Z',
      revisionReason: 'readingDiscarded',
      changes: [],
    });
    openGuestPage(guestView);
    const notice = await screen.findByRole('alert', {
      name: 'Revised after check-out: revision 3, Nov 5, 2026, 10:00 AM MST',
    });
    expect(notice.textContent).toContain('A reading held back as faster than the meter can deliver was discarded.');
  });

  it('downloads the PDF by the link, without signing in', async () => {
    const { guestName: _, publicUrl: __, linkExpiresAt: ___, ...guestView } = stayStatement();
    const { api } = openGuestPage(guestView);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(api.callsTo(PUBLIC_PDF)).toHaveLength(1));
    const [call] = api.callsTo(PUBLIC_PDF);
    expect(call?.query).toEqual({ token: 'abcDEF123_-xyz456789012' });
    expect(call?.headers.get('authorization')).toBeNull();
  });

  it('says only that the link does not work when the server answers 404', async () => {
    openGuestPage(() => ({ status: 404, message: 'The requested statement is not found' }));
    expect(await screen.findByText('This statement link is not valid or has expired.')).toBeTruthy();
    expect(screen.getByText("Please ask the property's staff for your statement.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tells another failure apart from a link that does not work', async () => {
    openGuestPage(() => ({ status: 500, message: 'Something went wrong' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    expect(screen.queryByText('This statement link is not valid or has expired.')).toBeNull();
  });
});
