// @vitest-environment happy-dom
import { ALERT_TYPE_SEVERITIES, Role } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Call, mockApi } from '../../test/api';
import { renderWithApp, signInAs } from '../../test/render';
import { AlertNotifications } from './AlertNotifications';

const LOAD = 'GET Account/NotificationPreferences';
const SAVE = 'PUT Account/NotificationPreferences';

function openPreferences(role: (typeof Role)[keyof typeof Role] = Role.SiteOwner) {
  signInAs(role);
  const server = mockApi({
    // the stored choice of one row; the others are at their severity's default
    [LOAD]: { preferences: [{ type: 'leak', severity: 'warning', delivery: 'now' }] },
    [SAVE]: (call: Call) => ({ result: call.body }),
  });
  return { ...renderWithApp(<AlertNotifications />), server };
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });

describe('alert notification preferences', () => {
  it('show every type and severity with its choice, and save the whole list once changed', async () => {
    const { user, server } = openPreferences();
    await screen.findByRole('heading', { name: 'Alert notifications' });
    await waitFor(() => expect(screen.getAllByRole('combobox')).toHaveLength(ALERT_TYPE_SEVERITIES.length));
    expect(select('Delivery of Leak alerts, Critical').value).toBe('now');
    expect(select('Delivery of Leak alerts, Warning').value).toBe('now');
    expect(select('Delivery of Abnormal use alerts, Warning').value).toBe('digest');
    expect(select('Delivery of Reading refused alerts, Info').value).toBe('none');
    const save = screen.getByRole('button', { name: 'Save notifications' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.selectOptions(select('Delivery of Missing meter alerts, Critical'), 'Daily digest');
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await user.click(save);

    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1));
    const sent = (server.callsTo(SAVE)[0]?.body as { preferences: unknown[] }).preferences;
    expect(sent).toHaveLength(ALERT_TYPE_SEVERITIES.length);
    expect(sent).toContainEqual({ type: 'missingMeter', severity: 'critical', delivery: 'digest' });
    expect(sent).toContainEqual({ type: 'leak', severity: 'warning', delivery: 'now' });
    expect(sent).toContainEqual({ type: 'missingMeter', severity: 'info', delivery: 'none' });
    expect(await screen.findByText('Your notification choices have been saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('You have unsaved changes.')).toBeNull());
    expect(select('Delivery of Missing meter alerts, Critical').value).toBe('digest');
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('are not shown to an account awaiting approval', () => {
    const { server } = openPreferences(Role.None);
    expect(screen.queryByRole('heading', { name: 'Alert notifications' })).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
