// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { cellTexts, renderWithApp, signInAs } from '../../test/render';
import { stayStatement } from './statementFixture';
import { StatementPage } from './StatementPage';

const STATEMENT = 'GET Billing/GetStayStatement';
const REVOKE = 'POST Billing/RevokeStatementLink';
const ISSUE = 'POST Billing/IssueStatementLink';

function openStatement(answer: Parameters<typeof mockApi>[0][string], route = '/Statement/41') {
  signInAs(Role.SiteManager);
  const api = mockApi({
    [STATEMENT]: answer,
    [REVOKE]: () => ({ result: null, message: 'The guest link has been revoked.' }),
    [ISSUE]: () => ({ result: null, message: 'A new guest link has been issued.' }),
    'POST AddManualMeterReading': { overrideConfirmation: false, previousReading: 100 },
  });
  const view = renderWithApp(
    <Routes>
      <Route path="/Statement/:stayId" element={<StatementPage />} />
    </Routes>,
    { route },
  );
  return { ...view, api };
}

describe('the staff statement page', () => {
  it('shows the stay, the lines by kind and the totals in the currency, from the exact decimals', async () => {
    const { api } = openStatement(stayStatement());
    await screen.findByRole('heading', { level: 1, name: 'Statement · Site 12' });
    expect(api.callsTo(STATEMENT)[0]?.query).toEqual({ stayID: '41' });
    expect(screen.getByText('Final')).toBeTruthy();
    expect(screen.getByText('Pine Lake RV Resort')).toBeTruthy();
    expect(screen.getByText('Site 12 (PL012)')).toBeTruthy();
    expect(screen.getByText('Dana Reyes')).toBeTruthy();
    // Phoenix keeps UTC-7: check-in at 22:00 UTC is 3:00 PM there
    expect(screen.getByText('Nov 1, 2026, 3:00 PM MST')).toBeTruthy();
    expect(screen.getByText(/The tariff in effect at check-in applies to the whole stay\./).textContent).toContain(
      'Priced with tariff version 2, in effect from Oct 1, 2026, 12:00 AM MST.',
    );
    expect(screen.queryByText(/this statement is running/)).toBeNull();

    const lines = screen.getByRole('table', { name: 'Charges of the stay' });
    const rows = within(lines).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toContain('DescriptionQuantityUnit priceAmount');
    const body = [...lines.querySelectorAll('tbody tr')].map((r) => cellTexts(r as HTMLElement));
    expect(body).toEqual([
      ['Electricity 0–50 kWh', '50 kWh', '€0.10', '€5.00'],
      ['Electricity over 50 kWh', '25.5 kWh', '€0.1325', '€3.38'],
      ['Water', '600 gal', '€0.01', '€6.00'],
      ['Minimum charge (top-up of electricity and water)', '1', '€20.00', '€5.62'],
      ['Resort fee (per night)', '2', '€1,234.50', '€2,469.00'],
      ['Sales tax (on all charges)', '€2,489.00', '7.5%', '€186.68'],
    ]);
    const foot = [...lines.querySelectorAll('tfoot tr')].map((r) => r.textContent);
    expect(foot).toEqual(['Subtotal€2,489.00', 'Taxes€186.68', 'Total€2,675.68']);

    const meters = screen.getByRole('table', { name: 'Meter readings of the stay' });
    const [electric] = within(meters).getAllByRole('rowheader');
    expect(cellTexts(electric!.closest('tr')!)).toEqual([
      '100 kWh',
      '50.5 kWh',
      'Nov 3, 2026, 10:45 AM MST',
      '75.5 kWh',
    ]);
    expect(meters.querySelector('[data-meter-event="reset"]')?.textContent).toBe(
      'Nov 2, 2026, 12:30 AM MST · E000003: reading reset to 5 kWh (was 130 kWh)',
    );
  });

  it('names the property’s first tariff version as in effect since the property was created, not by its date', async () => {
    openStatement(
      stayStatement({
        tariffVersionNumber: 1,
        tariffSinceCreation: true,
        tariffEffectiveFrom: '2000-01-01T00:00:00.000Z',
      }),
    );
    const text = await screen.findByText(/The tariff in effect at check-in applies to the whole stay\./);
    expect(text.textContent).toContain('Priced with tariff version 1, in effect since the property was created.');
    expect(text.textContent).not.toContain('1999');
  });

  it('says that an open stay’s statement is running and refreshes, as of when', async () => {
    openStatement(
      stayStatement({ status: 'open', checkOutAt: null, asOf: '2026-11-02T19:15:00.000Z', linkExpiresAt: null }),
    );
    await screen.findByText('Running');
    expect(
      screen.getByText(
        'The stay is still open: this statement is running, as of Nov 2, 2026, 12:15 PM MST, and refreshes every 30 seconds.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Still checked in')).toBeTruthy();
    expect(screen.getByText('The link works while the stay is open and for a while after check-out.')).toBeTruthy();
  });

  it('shows the guest link as a QR code and an address, and revokes it only once confirmed', async () => {
    let revoked = false;
    const { user, api } = openStatement(() => ({
      result: stayStatement(revoked ? { publicUrl: null, linkExpiresAt: null } : {}),
    }));
    const link = await screen.findByRole('region', { name: 'Guest link' });
    expect(within(link).getByRole('img', { name: 'QR code of the guest link' })).toBeTruthy();
    expect(within(link).getByRole('link').getAttribute('href')).toBe(stayStatement().publicUrl);
    expect(within(link).getByRole('button', { name: 'Copy link' })).toBeTruthy();

    await user.click(within(link).getByRole('button', { name: 'Revoke link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the guest link' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(REVOKE)).toEqual([]);

    await user.click(within(link).getByRole('button', { name: 'Revoke link' }));
    revoked = true;
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke the guest link' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await waitFor(() => expect(api.callsTo(REVOKE)).toHaveLength(1));
    expect(api.callsTo(REVOKE)[0]?.body).toEqual({ stayID: 41 });
    expect(await screen.findByText('The guest link has been revoked.')).toBeTruthy();
    // the statement is fetched again: no link any more
    expect(
      await within(link).findByText('This stay has no guest link any more: it was revoked or has expired.'),
    ).toBeTruthy();
    expect(within(link).queryByRole('img')).toBeNull();
    expect(api.callsTo(STATEMENT)).toHaveLength(2);
  });

  it('issues a new guest link after one was revoked: the page shows the new one', async () => {
    let issued = false;
    const NEW_URL = 'http://localhost/statement/newTOKEN_after-revoke1';
    const { user, api } = openStatement(() => ({
      result: stayStatement(
        issued
          ? { publicUrl: NEW_URL }
          : { publicUrl: null, linkExpiresAt: null, linkRevokedAt: '2026-11-04T16:30:00.000Z' },
      ),
    }));
    const link = await screen.findByRole('region', { name: 'Guest link' });
    expect(await within(link).findByText('The guest link was revoked on Nov 4, 2026, 9:30 AM MST.')).toBeTruthy();
    issued = true;
    await user.click(within(link).getByRole('button', { name: 'Issue a new link' }));
    await waitFor(() => expect(api.callsTo(ISSUE)).toHaveLength(1));
    expect(api.callsTo(ISSUE)[0]?.body).toEqual({ stayID: 41 });
    expect(await screen.findByText('A new guest link has been issued.')).toBeTruthy();
    expect((await within(link).findByRole('link')).getAttribute('href')).toBe(NEW_URL);
  });

  it('offers no new link once the link has expired', async () => {
    openStatement(stayStatement({ publicUrl: null, linkExpiresAt: null }));
    const link = await screen.findByRole('region', { name: 'Guest link' });
    expect(
      await within(link).findByText('This stay has no guest link any more: it was revoked or has expired.'),
    ).toBeTruthy();
    expect(within(link).queryByRole('button', { name: 'Issue a new link' })).toBeNull();
  });

  it('tells a revision after check-out: its date, reason and changes, and lists every revision to open', async () => {
    const revised = stayStatement({
      revision: 2,
      revisedAt: '2026-11-04T17:00:00.000Z',
      revisionReason: 'readingConfirmed',
      changes: [
        { item: 'E000003', field: 'usage', before: '75.5', after: '80' },
        { item: '', field: 'total', before: '2675.68', after: '2676.28' },
      ],
      total: '2676.28',
      revisions: [
        { revision: 2, revisedAt: '2026-11-04T17:00:00.000Z', revisionReason: 'readingConfirmed', total: '2676.28' },
        { revision: 1, revisedAt: null, revisionReason: null, total: '2675.68' },
      ],
    });
    openStatement(revised);
    const notice = await screen.findByRole('alert', {
      name: 'Revised after check-out: revision 2, Nov 4, 2026, 10:00 AM MST',
    });
    expect(notice.textContent).toContain(
      'A reading held back as faster than the meter can deliver was confirmed as real usage.',
    );
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['E000003: usage 75.5 → 80', 'Total: €2,675.68 → €2,676.28']);
    const list = screen.getByRole('region', { name: 'Revisions' });
    expect(within(list).getByRole('row', { current: true }).textContent).toContain('Revision 2');
    expect(within(list).getByRole('link', { name: 'Revision 1' }).getAttribute('href')).toBe(
      '/Statement/41?revision=1',
    );
  });

  it('opens an earlier revision when asked, and says which replaced it', async () => {
    const { api } = openStatement(
      stayStatement({
        revisions: [
          { revision: 2, revisedAt: '2026-11-04T17:00:00.000Z', revisionReason: 'lateReading', total: '2676.28' },
          { revision: 1, revisedAt: null, revisionReason: null, total: '2675.68' },
        ],
      }),
      '/Statement/41?revision=1',
    );
    await screen.findByText('You are looking at revision 1; revision 2 replaced it.');
    expect(api.callsTo(STATEMENT)[0]?.query).toEqual({ stayID: '41', revision: '1' });
    expect(screen.getByRole('link', { name: 'Show the latest' }).getAttribute('href')).toBe('/Statement/41');
  });

  it('says how many readings are under review and that the statement may be revised', async () => {
    const base = stayStatement();
    openStatement({ ...base, meters: base.meters.map((m, i) => ({ ...m, underReview: i === 0 ? 1 : 0 })) });
    expect((await screen.findByText(/reading\(s\) under review/)).textContent).toBe(
      '1 reading(s) under review: usage faster than the meter can deliver is not charged until the property has checked it. This statement may be revised.',
    );
  });

  it('says so when the stay is not found or not the caller’s', async () => {
    openStatement(() => ({ status: 404, message: 'The requested stay is not found' }));
    expect(
      await screen.findByText('This statement was not found, or its stay belongs to a property you cannot see.'),
    ).toBeTruthy();
  });

  it('asks nothing of the server for a path that names no stay', async () => {
    const { api } = openStatement(stayStatement(), '/Statement/abc');
    expect(
      await screen.findByText('This statement was not found, or its stay belongs to a property you cannot see.'),
    ).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('marks an estimated closing reading prominently, and replaces it by the actual read at its instant', async () => {
    const base = stayStatement();
    const estimated = stayStatement({
      meters: [{ ...base.meters[0]!, closingEstimated: true }, base.meters[1]!],
      photos: [{ servicePointID: 3, at: '2026-11-03T17:45:00.000Z' }],
    });
    const { api, user } = openStatement(estimated);
    const notice = await screen.findByText(/this statement uses a meter reading that was not read off the meter/);
    expect(notice.closest('[data-estimated]')).toBeTruthy();
    const meters = screen.getByRole('table', { name: 'Meter readings of the stay' });
    expect(within(meters).getAllByText('Estimated')).toHaveLength(1);
    // Phoenix: 17:45 UTC is 10:45 AM
    expect(within(meters).getByRole('button', { name: 'Photo of E000003, Nov 3, 2026, 10:45 AM MST' })).toBeTruthy();

    await user.click(within(meters).getByRole('button', { name: 'Enter the actual reading' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actual reading of E000003' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Actual reading (kWh)' }), '48.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save the actual reading' }));
    await waitFor(() => expect(api.callsTo('POST AddManualMeterReading')).toHaveLength(1));
    expect(api.callsTo('POST AddManualMeterReading')[0]?.body).toEqual({
      servicePointID: 3,
      reset: false,
      at: '2026-11-03T17:45:00.000Z',
      overrideConfirmation: false,
      kwHTotal: '48.75',
    });
    await waitFor(() => expect(api.callsTo(STATEMENT).length).toBeGreaterThan(1));
  });
});
