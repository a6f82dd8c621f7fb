// @vitest-environment happy-dom
import { Role, type TariffVersion } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Call, mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import { TariffsDialog } from './TariffsDialog';

const TARIFFS = 'GET Billing/GetTariffs';
const CREATE = 'POST Billing/CreateTariffVersion';
const site = { siteID: 5, sitePublicName: 'Pine Lake', timeZone: 'America/Phoenix' };

const version: TariffVersion = {
  tariffVersionID: 7,
  siteID: 5,
  versionNumber: 2,
  effectiveFrom: '2026-10-01T07:00:00.000Z',
  sinceCreation: false,
  currency: 'USD',
  electricRate: '0.15',
  waterRate: '0.012',
  electricBlocks: [
    { upToKwh: '50', rate: '0.1' },
    { upToKwh: '100', rate: '0.12' },
  ],
  fees: [{ name: 'Resort fee', amount: '5', per: 'night' }],
  minimumCharge: '20',
  taxes: [{ name: 'Sales tax', percent: '7.5', appliesTo: 'utilities' }],
  createdAt: '2026-09-30T16:00:00.000Z',
  createdBy: 'Olivia Owner',
};

type Answer = ReturnType<Extract<Parameters<typeof mockApi>[0][string], (call: Call) => unknown>>;

function openTariffs(
  versions: TariffVersion[],
  create: (call: Call) => Answer = () => ({ result: { tariffVersionID: 8 } }),
) {
  signInAs(Role.SiteOwner);
  const api = mockApi({ [TARIFFS]: versions, [CREATE]: create });
  const onClose = vi.fn();
  const view = renderWithApp(<TariffsDialog site={site} onClose={onClose} />);
  return { ...view, api, dialog: screen.getByRole('dialog', { name: 'Tariffs - Pine Lake' }) };
}

const row = (dialog: HTMLElement, name: string) => within(within(dialog).getByRole('group', { name }));

describe('Tariffs of a property', () => {
  it('lists the versions, newest first, with their prices in the property’s zone', async () => {
    const first = {
      ...version,
      tariffVersionID: 3,
      versionNumber: 1,
      effectiveFrom: '2000-01-01T00:00:00.000Z',
      sinceCreation: true,
    };
    const { dialog, api } = openTariffs([version, first]);
    const card = await within(dialog).findByRole('article', { name: 'Version 2 · from Oct 1, 2026, 12:00 AM MST' });
    // the property's first version: since the property was created, not its date in 1999 or 2000
    const oldest = within(dialog).getByRole('article', { name: 'Version 1 · since the property was created' });
    expect(within(oldest).getByText('Replaced')).toBeTruthy();
    expect(api.callsTo(TARIFFS)[0]?.query).toEqual({ siteID: '5' });
    const facts = [...card.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(facts).toEqual([
      '$0.15 per kWh',
      '$0.012 per gallon',
      '0–50 kWh: $0.1050–100 kWh: $0.12over 100 kWh: $0.15',
      'Resort fee: $5.00 per night',
      '$20.00',
      'Sales tax: 7.5% on utilities',
      'USD',
      'Olivia Owner, Sep 30, 2026, 9:00 AM MST',
    ]);
    expect(within(card).getByText('In effect')).toBeTruthy();
  });

  it('sends a new version with the typed decimals, its blocks, fees and taxes, and lists it', async () => {
    const { user, dialog, api } = openTariffs([], () => ({
      result: { tariffVersionID: 8 },
      message: 'The tariff has been saved.',
    }));
    await within(dialog).findByText('This property has no tariff version yet.');
    await user.click(within(dialog).getByRole('button', { name: 'New version' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Electric rate per kWh \(USD\)/ }), '0.1500');
    await user.type(within(dialog).getByRole('textbox', { name: /^Water rate per gallon/ }), ' 0.012 ');

    await user.click(within(dialog).getByRole('button', { name: 'Add block' }));
    await user.type(row(dialog, 'Block 1').getByRole('textbox', { name: 'Up to kWh' }), '50');
    await user.type(row(dialog, 'Block 1').getByRole('textbox', { name: 'Rate per kWh (USD)' }), '0.10');
    await user.click(within(dialog).getByRole('button', { name: 'Add block' }));
    await user.type(row(dialog, 'Block 2').getByRole('textbox', { name: 'Up to kWh' }), '100');
    await user.type(row(dialog, 'Block 2').getByRole('textbox', { name: 'Rate per kWh (USD)' }), '0.12');

    await user.click(within(dialog).getByRole('button', { name: 'Add fee' }));
    await user.type(row(dialog, 'Fee 1').getByRole('textbox', { name: 'Name' }), 'Resort fee');
    await user.type(row(dialog, 'Fee 1').getByRole('textbox', { name: 'Amount (USD)' }), '5.00');
    await user.selectOptions(row(dialog, 'Fee 1').getByRole('combobox', { name: 'Charged' }), 'per night');
    await user.click(within(dialog).getByRole('button', { name: 'Add fee' }));
    await user.type(row(dialog, 'Fee 2').getByRole('textbox', { name: 'Name' }), 'Dock cleaning');
    await user.type(row(dialog, 'Fee 2').getByRole('textbox', { name: 'Amount (USD)' }), '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Remove fee 2' }));

    await user.type(within(dialog).getByRole('textbox', { name: /^Minimum charge/ }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add tax' }));
    await user.type(row(dialog, 'Tax 1').getByRole('textbox', { name: 'Name' }), 'Sales tax');
    await user.type(row(dialog, 'Tax 1').getByRole('textbox', { name: 'Percent' }), '7.25');
    await user.selectOptions(
      row(dialog, 'Tax 1').getByRole('combobox', { name: 'Applies to' }),
      'Utilities (electricity, water)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save version' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    // taking effect now: no moment is sent; the decimals go as typed (trimmed), as text
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      siteID: 5,
      currency: 'USD',
      electricRate: '0.1500',
      waterRate: '0.012',
      electricBlocks: [
        { upToKwh: '50', rate: '0.10' },
        { upToKwh: '100', rate: '0.12' },
      ],
      fees: [{ name: 'Resort fee', amount: '5.00', per: 'night' }],
      minimumCharge: '20',
      taxes: [{ name: 'Sales tax', percent: '7.25', appliesTo: 'utilities' }],
    });
    expect(await screen.findByText('The tariff has been saved.')).toBeTruthy();
    // back to the list, fetched again
    await within(dialog).findByRole('button', { name: 'New version' });
    expect(api.callsTo(TARIFFS)).toHaveLength(2);
  });

  it('checks the form with the contract’s schema and sends nothing while it is wrong', async () => {
    const { user, dialog, api } = openTariffs([]);
    await user.click(await within(dialog).findByRole('button', { name: 'New version' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Water rate per gallon/ }), '0,012');
    await user.click(within(dialog).getByRole('button', { name: 'Add block' }));
    await user.type(row(dialog, 'Block 1').getByRole('textbox', { name: 'Up to kWh' }), '100');
    await user.type(row(dialog, 'Block 1').getByRole('textbox', { name: 'Rate per kWh (USD)' }), '0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Add block' }));
    await user.type(row(dialog, 'Block 2').getByRole('textbox', { name: 'Up to kWh' }), '50');
    await user.type(row(dialog, 'Block 2').getByRole('textbox', { name: 'Rate per kWh (USD)' }), '0.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save version' }));

    expect(await within(dialog).findByText('Required field')).toBeTruthy();
    expect(within(dialog).getByText('Invalid decimal.')).toBeTruthy();
    expect(within(dialog).getByText('Each block must end above the one before it.')).toBeTruthy();
    expect(api.callsTo(CREATE)).toEqual([]);
  });

  it('sends a chosen moment as an instant, and shows the server’s field error by its code', async () => {
    const { user, dialog, api } = openTariffs([version], () => ({
      status: 400,
      result: {
        code: 'invalid',
        errors: [
          { field: 'effectiveFrom', code: 'effectiveFromPast', message: 'A tariff cannot take effect in the past.' },
        ],
      },
      message: 'A tariff cannot take effect in the past.',
    }));
    await user.click(await within(dialog).findByRole('button', { name: 'New version' }));
    // a new version starts as a copy of the newest
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Electric rate per kWh/ }).value).toBe(
      '0.15',
    );
    expect(row(dialog, 'Block 2').getByRole<HTMLInputElement>('textbox', { name: 'Up to kWh' }).value).toBe('100');
    await user.click(within(dialog).getByRole('radio', { name: 'At a date and time' }));
    fireEvent.change(within(dialog).getByLabelText(/^Effective from \(America\/Phoenix\)/), {
      target: { value: '2099-01-05T10:30' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save version' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    // Phoenix keeps UTC-7 all year
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({
      siteID: 5,
      effectiveFrom: '2099-01-05T17:30:00.000Z',
      electricRate: '0.15',
      electricBlocks: version.electricBlocks,
      fees: version.fees,
      minimumCharge: '20',
      taxes: version.taxes,
    });
    expect(await within(dialog).findByText('A tariff cannot take effect in the past.')).toBeTruthy();
    expect(await screen.findByText('The tariff was not saved: check the marked fields.')).toBeTruthy();
  });
});
