// @vitest-environment happy-dom
import { Role } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import { SAVE_SETTINGS, SETTINGS } from '../../../test/reservationsFixtures';
import { CheckInSetting } from './CheckInSetting';

function open(role: (typeof Role)[keyof typeof Role]) {
  signInAs(role);
  const api = mockApi({
    [SETTINGS]: { siteID: 3, checkIn: 'whenArrived' },
    [SAVE_SETTINGS]: (call) => ({
      result: call.body,
      message: "The property's check-in of reservations has been saved.",
    }),
  });
  return { ...renderWithApp(<CheckInSetting siteID={3} />), api };
}

describe('Check-in of reservations', () => {
  it('a Site Owner chooses to check guests in at their arrival time, with the server’s message', async () => {
    const { user, api } = open(Role.SiteOwner);
    const arrived = await screen.findByRole('radio', { name: 'Check guests in when the PMS says they arrived' });
    expect((arrived as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Check guests in at their arrival time' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(SAVE_SETTINGS)).toHaveLength(1));
    expect(api.callsTo(SAVE_SETTINGS)[0]?.body).toEqual({ siteID: 3, checkIn: 'atArrivalTime' });
    expect(await screen.findByText("The property's check-in of reservations has been saved.")).toBeTruthy();
  });

  it('a Site Manager reads it, disabled, and is told why', async () => {
    const { api } = open(Role.SiteManager);
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(2);
    for (const radio of radios) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("Only an Administrator or the property's Site Owner can change this.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(api.callsTo(SAVE_SETTINGS)).toEqual([]);
  });
});
