// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { Role, type RoleId } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api';
import { renderWithApp, signInAs } from '../../../../test/render';
import { SiteFormModal } from './SiteFormModal';

describe('Add Property', () => {
  it(
    '[ADMINISTRATOR] one Save shows a bad zip beside every empty required field and the business not chosen',
    { timeout: 30_000 },
    async () => {
      signInAs(Role.Administrator);
      const api = mockApi({
        'GET GetSitePartners': [],
        'GET GetTimeZones': [{ timeZone: 'America/Denver', displayName: 'America/Denver' }],
        'GET GetAllCountries': [{ countryID: 236, countryName: 'United States', iso2: 'US' }],
        'GET GetAllStates': [{ stateID: 3, stateName: 'Arizona', abbreviation: 'AZ', countryID: 236 }],
        'GET GetAllBusinessLookup': [{ id: 1, value: 'Pine Lake' }],
      });
      const { user } = renderWithApp(<SiteFormModal onClose={() => {}} />);
      const dialog = await screen.findByRole('dialog');
      const zip = await within(dialog).findByRole('textbox', { name: /^Zip/ });
      await user.type(zip, '123');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const invalid = () =>
        [...dialog.querySelectorAll<HTMLInputElement>('input[aria-invalid="true"]')].map((input) =>
          input.labels?.[0]?.textContent?.replace(/\s*\*$/, ''),
        );
      await waitFor(() =>
        expect(invalid().sort()).toEqual(
          ['Business Entity', 'Address 1', 'City', 'Zip', 'Property Name', 'Time Zone'].sort(),
        ),
      );
      expect(within(dialog).getByText('Invalid physical zip code entered.')).toBeTruthy();
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    },
  );
});

describe('the Integrations section', () => {
  const lookups = {
    'GET GetSitePartners': [{ partnerID: 1, partnerName: 'Campspot', used: false }],
    'GET GetTimeZones': [{ timeZone: 'America/Denver', displayName: 'America/Denver' }],
    'GET GetAllCountries': [{ countryID: 236, countryName: 'United States', iso2: 'US' }],
    'GET GetAllStates': [],
    'GET GetAllBusinessLookup': [{ id: 40, value: 'Pine Lake LLC' }],
  };

  async function integrationsOf(role: RoleId) {
    signInAs(role);
    mockApi(lookups);
    renderWithApp(<SiteFormModal busEntityID={40} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    // every section starts open
    await within(dialog).findByRole('button', { name: 'Add New' });
    return dialog;
  }

  it.each([
    ['ADMINISTRATOR', Role.Administrator],
    ['SITE OWNER', Role.SiteOwner],
  ] as const)(
    '[%s] finds the business’s API keys through the link to the Integrations page',
    { timeout: 30_000 },
    async (_who, role) => {
      const dialog = await integrationsOf(role);
      const link = await within(dialog).findByRole('link', { name: 'Integrations' });
      expect(link.getAttribute('href')).toBe('/Integrations?business=40');
    },
  );

  it('[SITE MANAGER] has no such link: a Site Manager makes no keys', { timeout: 30_000 }, async () => {
    const dialog = await integrationsOf(Role.SiteManager);
    expect(within(dialog).queryByRole('link', { name: 'Integrations' })).toBeNull();
  });
});
