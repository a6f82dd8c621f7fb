// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api';
import { propertyRow } from '../../test/fixtures';
import { renderWithApp, signInAs } from '../../test/render';
import { RESERVATIONS, SETTINGS, SITES, reservationRow } from '../../test/reservationsFixtures';
import { ReservationsPage } from './ReservationsPage';

type Handlers = Parameters<typeof mockApi>[0];

const rows = [
  reservationRow(1, { status: 'arrived', stayID: 77, stayOpen: true, guestName: 'Dana Reyes' }),
  reservationRow(2, {
    status: 'arrived',
    guestName: 'Sam Lee',
    conflict: 'alreadyCheckedIn',
    arrival: '2026-12-05T22:00:00.000Z',
  }),
  reservationRow(3, {
    locationID: null,
    locationDescription: 'Pad 99',
    guestName: 'Ana Ruiz',
    conflict: 'reservationUnknownLocation',
    source: 'Staff',
  }),
  reservationRow(4, { status: 'departed', stayID: 78, guestName: 'Lee Park' }),
];

function open(handlers: Handlers = {}, role: (typeof Role)[keyof typeof Role] = Role.SiteOwner) {
  signInAs(role);
  const api = mockApi({
    [SITES]: [propertyRow(3, 'Pine Lake')],
    [RESERVATIONS]: rows,
    [SETTINGS]: { siteID: 3, checkIn: 'whenArrived' },
    ...handlers,
  });
  const view = renderWithApp(
    <Routes>
      <Route path="/Reservations/:siteId" element={<ReservationsPage />} />
    </Routes>,
    { route: '/Reservations/3' },
  );
  return { ...view, api };
}

const table = () => screen.findByRole('table', { name: 'Reservations of Pine Lake' });
const rowOf = async (guest: string) => (await within(await table()).findByText(guest)).closest('tr')!;

describe('Reservations', () => {
  it("lists the property's reservations from now on with their times, location, stay, source and conflict in words", async () => {
    const { api } = open();
    expect(await screen.findByRole('heading', { name: 'Reservations · Pine Lake', level: 1 })).toBeTruthy();
    const dana = await rowOf('Dana Reyes');
    expect(api.callsTo(RESERVATIONS)[0]?.query).toEqual({ siteID: '3' });
    // times in the property's zone (Phoenix, UTC-7)
    expect(dana.textContent).toContain('Dec 4, 2026, 3:00 PM MST');
    expect(dana.textContent).toContain('Dec 7, 2026, 11:00 AM MST');
    expect(within(dana).getByRole('link', { name: 'Pad 1' }).getAttribute('href')).toBe('/Locations/3?search=Pad%201');
    expect(within(dana).getByRole('link', { name: 'Checked in' }).getAttribute('href')).toBe('/Statement/77');
    expect(dana.textContent).toContain('Arrived');
    expect(dana.textContent).toContain('Newbook');

    const sam = await rowOf('Sam Lee');
    expect(sam.textContent).toContain('This location is already checked in.');
    expect(sam.textContent).toContain('Check the other guest out');

    const ana = await rowOf('Ana Ruiz');
    expect(within(ana).queryByRole('link', { name: 'Pad 99' })).toBeNull();
    expect(ana.textContent).toContain('As sent by the PMS');
    expect(ana.textContent).toContain('No location of this property has this description or billing account number.');
    expect(ana.textContent).toContain('Staff');

    const lee = await rowOf('Lee Park');
    expect(within(lee).getByRole('link', { name: 'Checked out' })).toBeTruthy();
    // in order of arrival
    const guests = within(await table())
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[3]?.textContent);
    expect(guests).toEqual(['Dana Reyes', 'Ana Ruiz', 'Lee Park', 'Sam Lee']);
  });

  it('narrows to the conflicts and to a status, and asks for the period chosen in the property’s zone', async () => {
    const { user, api } = open();
    await rowOf('Dana Reyes');
    await user.click(screen.getByRole('checkbox', { name: 'Only conflicts' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Dana Reyes')).toBeNull());
    expect(screen.getByText('Sam Lee')).toBeTruthy();
    expect(screen.getByText('Ana Ruiz')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Arrived');
    await waitFor(() => expect(screen.queryByText('Ana Ruiz')).toBeNull());
    expect(screen.getByText('Sam Lee')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    expect(await screen.findByText('No reservation matches the filters.')).toBeTruthy();

    const from = screen.getByLabelText('From');
    await user.type(from, '2026-12-05');
    const to = screen.getByLabelText('To');
    await user.type(to, '2026-12-06');
    await waitFor(() =>
      expect(api.callsTo(RESERVATIONS).at(-1)?.query).toEqual({
        siteID: '3',
        from: '2026-12-05T07:00:00.000Z',
        to: '2026-12-07T07:00:00.000Z',
      }),
    );
  });

  it('says where to connect a PMS when nothing came yet', async () => {
    open({ [RESERVATIONS]: [] });
    expect(
      await screen.findByText('No reservations from a park management system yet: see Integrations.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Integrations' }).getAttribute('href')).toBe('/Integrations');
  });

  it("shows the server's reason when the list fails", async () => {
    open({ [RESERVATIONS]: () => ({ status: 500, message: 'serverError' }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The reservations could not be loaded.');
  });
});
