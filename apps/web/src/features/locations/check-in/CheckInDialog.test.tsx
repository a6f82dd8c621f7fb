// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { locationRow, meterRow, site } from '../../../test/fixtures';
import { renderWithApp, signInAs } from '../../../test/render';
import { CheckInDialog } from './CheckInDialog';

const CHECK_IN = 'POST CheckinLocationServicePointCapabilities';

function openCheckIn(row = locationRow(2)) {
  signInAs(Role.SiteManager);
  const api = mockApi({
    'GET GetAllLocationTypes': [],
    'GET Guest/GetGuests': [],
    [CHECK_IN]: { stayID: 31, messageIds: [] },
  });
  const onDone = vi.fn();
  const onClose = vi.fn();
  const view = renderWithApp(<CheckInDialog site={site} row={row} onClose={onClose} onDone={onDone} />);
  const dialog = screen.getByRole('dialog', { name: `Check In · ${row.locationDescription}` });
  return { ...view, api, onDone, onClose, dialog };
}

describe('Check In', () => {
  it('asks for the phone of a named guest, and a phone of the right form, and sends nothing', async () => {
    const { user, dialog, api } = openCheckIn();
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Check In' }));
    expect(await within(dialog).findByText('Phone number is required')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /^Guest phone/ }), '555123');
    await user.click(within(dialog).getByRole('button', { name: 'Check In' }));
    expect(await within(dialog).findByText('Invalid phone number')).toBeTruthy();
    expect(api.callsTo(CHECK_IN)).toEqual([]);
  });

  it("checks the guest in with the services on and the automatic check-out in the property's time zone", async () => {
    const { user, dialog, api, onDone, onClose } = openCheckIn();
    await user.type(within(dialog).getByRole('textbox', { name: /^Guest phone/ }), '5551234567');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), ' Ada ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    const checkout = within(dialog).getByLabelText<HTMLInputElement>(/^Auto checkout \(America\/Phoenix\)/).value;
    await user.click(within(dialog).getByRole('button', { name: 'Check In' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onDone).toHaveBeenCalledWith([2]);
    const [call] = api.callsTo(CHECK_IN);
    expect(call?.body).toMatchObject({
      locationID: 2,
      locationDescription: 'Site 2',
      activeInd: 1,
      servicePointID: 2,
      // Phoenix keeps UTC-7 all year: the wall time typed is seven hours behind UTC.
      autoCheckoutDateTime: new Date(`${checkout}:00.000-07:00`).toISOString(),
      guest: { guestID: null, mobileNumber: '(555) 123-4567', firstName: 'Ada', lastName: 'Lovelace', email: '' },
    });
    expect((call?.body as { servicePointCapabilities: unknown }).servicePointCapabilities).toEqual([
      expect.objectContaining({ servicePointCapabilityID: 20 }),
    ]);
  });

  it('cannot check in where there is no meter, and says why', async () => {
    const { dialog } = openCheckIn(locationRow(4, { servicePoints: [] }));
    const button = within(dialog).getByRole('button', { name: 'Check In' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'This location cannot be checked in. This location has no meter: add one first.',
    );
  });

  it('asks for the opening reading of a meter read by hand, and sends it with the check-in', async () => {
    const hand = { ...meterRow(5), deviceKey: null, readByHand: true, servicePointCapabilities: [] };
    const { user, dialog, api, onClose } = openCheckIn(locationRow(5, { servicePoints: [hand] }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Guest phone/ }), '5551234567');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Ada');
    const checkIn = within(dialog).getByRole('button', { name: 'Check In' });
    expect(checkIn.hasAttribute('disabled')).toBe(true);
    await user.type(
      within(dialog).getByRole('textbox', { name: `Reading of ${hand.servicePointName} (kWh)` }),
      '812.4',
    );
    await user.click(checkIn);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(CHECK_IN)[0]?.body).toMatchObject({
      locationID: 5,
      readings: [{ servicePointID: hand.servicePointID, reading: '812.4', estimated: false }],
    });
  });
});
