// @vitest-environment happy-dom
import { Role, routes } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderWithApp, signInAs } from '../../../test/render';
import { RegisterMeterForm } from './RegisterMeterForm';

const CREATE = `POST ${routes.meters.create.path.replace('/api/', '')}`;

describe('Register a meter', () => {
  it('registers a meter read by hand without a device key, and asks for one otherwise', async () => {
    signInAs(Role.Administrator);
    const api = mockApi({ [CREATE]: 9 });
    const user = userEvent.setup();
    renderWithApp(<RegisterMeterForm />);
    await user.type(await screen.findByRole('textbox', { name: /Meter ID/ }), 'H000009');
    await user.click(screen.getByRole('textbox', { name: /Device type/ }));
    await user.click(screen.getByRole('option', { name: 'Electric' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(api.callsTo(CREATE)).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /Read by hand/ }));
    expect(screen.queryByRole('textbox', { name: /Device key/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(api.callsTo(CREATE).map((c) => c.body)).toEqual([
        { servicePointName: 'H000009', readByHand: true, fk_DeviceTypeId: 1 },
      ]),
    );
  });
});
