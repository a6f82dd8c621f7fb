// @vitest-environment happy-dom
import { Role, type RoleId, type SiteWithStats } from '@portal/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { SiteActions } from '../siteActions';
import { SiteActionsMenu } from './SiteActionsMenu';

const site = { siteID: 5, sitePublicName: 'Pine Lake' } as SiteWithStats;

function openMenu(role: RoleId) {
  const actions: SiteActions = {
    onReporting: vi.fn(),
    onSchedules: vi.fn(),
    onAddLocation: vi.fn(),
    onAssignMeter: vi.fn(),
    onManage: vi.fn(),
    onSettings: vi.fn(),
    onTariffs: vi.fn(),
    onAlertThresholds: vi.fn(),
    onDelete: vi.fn(),
  };
  const view = renderWithApp(<SiteActionsMenu site={site} role={role} actions={actions} />);
  return { ...view, actions };
}

describe('a property’s actions menu', () => {
  it.each([
    ['Administrator', Role.Administrator],
    ['Site Owner', Role.SiteOwner],
  ] as const)('[%s] opens the Tariffs, next to the settings', async (_name, role) => {
    const { user, actions } = openMenu(role);
    await user.click(screen.getByRole('button', { name: 'Actions for Pine Lake' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items.slice(items.indexOf('Property Settings'), items.indexOf('Property Settings') + 2)).toEqual([
      'Property Settings',
      'Tariffs',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Tariffs' }));
    expect(actions.onTariffs).toHaveBeenCalledWith(site);
  });

  it('[Site Manager] has no Tariffs, as no settings, but reads the alert thresholds', async () => {
    const { user } = openMenu(Role.SiteManager);
    await user.click(screen.getByRole('button', { name: 'Actions for Pine Lake' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Reporting', 'Scheduled Reports', 'Add Location', 'Assign Meter', 'Alert thresholds']);
  });

  it('[Site Manager] opens the Scheduled Reports (to read them)', async () => {
    const { user, actions } = openMenu(Role.SiteManager);
    await user.click(screen.getByRole('button', { name: 'Actions for Pine Lake' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Scheduled Reports' }));
    expect(actions.onSchedules).toHaveBeenCalledWith(site);
  });

  it('[Site Manager] opens the Alert thresholds (to read them)', async () => {
    const { user, actions } = openMenu(Role.SiteManager);
    await user.click(screen.getByRole('button', { name: 'Actions for Pine Lake' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Alert thresholds' }));
    expect(actions.onAlertThresholds).toHaveBeenCalledWith(site);
  });
});
