// @vitest-environment happy-dom
import { Role, type AlertThresholds } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Call, mockApi } from '../../test/api';
import { renderWithApp, signInAs } from '../../test/render';
import { ThresholdsDialog } from './ThresholdsDialog';

const READ = 'GET Site/GetAlertThresholds';
const SAVE = 'PUT Site/UpdateAlertThresholds';
const site = { siteID: 5, sitePublicName: 'Pine Lake' };
const current: AlertThresholds = {
  siteID: 5,
  leakGallonsPerHour: 1,
  leakHours: 24,
  nightFlowGallons: 5,
  abnormalMultiple: 3,
  vacantKwhPerHour: 1,
  unbilledKwhPerDay: 3,
  unbilledGallonsPerDay: 50,
};

function open(role: typeof Role.SiteOwner | typeof Role.SiteManager, save = (call: Call) => ({ result: call.body })) {
  signInAs(role);
  const api = mockApi({ [READ]: current, [SAVE]: save });
  const onClose = vi.fn();
  const view = renderWithApp(<ThresholdsDialog site={site} onClose={onClose} />);
  return { ...view, api, onClose, dialog: screen.getByRole('dialog', { name: 'Alert thresholds - Pine Lake' }) };
}

describe('Alert thresholds of a property', () => {
  it('[SITE OWNER] changes a threshold and sends them all', async () => {
    const { user, dialog, api, onClose } = open(Role.SiteOwner);
    const hours = await within(dialog).findByRole('textbox', { name: 'Leak: for this many hours in a row' });
    expect(api.callsTo(READ)[0]?.query).toEqual({ siteID: '5' });
    expect((hours as HTMLInputElement).value).toBe('24');
    await user.clear(hours);
    await user.type(hours, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]?.body).toEqual({ ...current, leakHours: 12 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('[SITE OWNER] shows the rule a value breaks and sends nothing', async () => {
    const { user, dialog, api } = open(Role.SiteOwner);
    const hours = await within(dialog).findByRole('textbox', { name: 'Leak: for this many hours in a row' });
    await user.clear(hours);
    await user.type(hours, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is not valid')).toBeTruthy();
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('[SITE MANAGER] reads them and cannot save', async () => {
    const { dialog } = open(Role.SiteManager);
    const hours = await within(dialog).findByRole('textbox', { name: 'Leak: for this many hours in a row' });
    expect((hours as HTMLInputElement).readOnly).toBe(true);
    expect(within(dialog).getByText('Only an Administrator or the Site Owner can change the thresholds.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
