// @vitest-environment happy-dom
import { Role, type CurrentStay } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { locationRow, site } from '../../../test/fixtures';
import { renderWithApp, signInAs } from '../../../test/render';
import { CheckOutDialog } from './CheckOutDialog';

const CHECK_OUT = 'POST CheckOutLocationServicePointCapabilities';

const meter = (id: number, over: Partial<NonNullable<CurrentStay>['meters'][number]> = {}) => ({
  servicePointID: id,
  servicePointName: `H00000${id}`,
  unit: 'kWh',
  openingReading: 127,
  currentReading: 127,
  usage: 0,
  readByHand: false,
  silent: false,
  estimate: 140.5,
  ...over,
});

function openCheckOut(meters: ReturnType<typeof meter>[]) {
  signInAs(Role.SiteManager);
  const api = mockApi({
    'GET GetCurrentStayByLocationID': {
      stayID: 7,
      checkinDateTime: '2026-11-27T15:00:00.000Z',
      autoCheckoutDateTime: null,
      guest: null,
      meters,
    },
    [CHECK_OUT]: { stayID: 7, messageIds: [] },
  });
  const onClose = vi.fn();
  const row = locationRow(2);
  const { user } = renderWithApp(<CheckOutDialog site={site} row={row} onClose={onClose} onDone={vi.fn()} />);
  return { api, user, onClose, dialog: screen.getByRole('dialog') };
}

describe('Check Out of a location read by hand', () => {
  it('asks for the closing reading, and sends the estimate marked as one when taken', async () => {
    const { api, user, onClose, dialog } = openCheckOut([meter(1, { readByHand: true }), meter(2)]);
    const field = await within(dialog).findByRole('textbox', { name: /^Reading of H000001 \(kWh\)/ });
    expect(within(dialog).queryByRole('textbox', { name: /H000002/ })).toBeNull();
    const checkOut = within(dialog).getByRole('button', { name: 'Check Out' });
    expect(checkOut.hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Use the estimate: 140.5 kWh' }));
    expect((field as HTMLInputElement).value).toBe('140.5');
    expect(within(dialog).getByText('Estimated')).toBeTruthy();
    await user.click(checkOut);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(CHECK_OUT)[0]?.body).toEqual({
      readings: [{ servicePointID: 1, reading: '140.5', estimated: true }],
    });
  });

  it('sends a typed reading as read, and refuses one the meter cannot read', async () => {
    const { api, user, onClose, dialog } = openCheckOut([meter(1, { readByHand: true, estimate: null })]);
    const field = await within(dialog).findByRole('textbox', { name: /^Reading of H000001/ });
    await user.type(field, '-4');
    const checkOut = within(dialog).getByRole('button', { name: 'Check Out' });
    expect(checkOut.hasAttribute('disabled')).toBe(true);
    await user.clear(field);
    await user.type(field, '139.25');
    await user.click(checkOut);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo(CHECK_OUT)[0]?.body).toEqual({
      readings: [{ servicePointID: 1, reading: '139.25', estimated: false }],
    });
  });
});
