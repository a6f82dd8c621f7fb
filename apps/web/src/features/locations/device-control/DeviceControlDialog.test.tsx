// @vitest-environment happy-dom
import { type ControlMessage, Role } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, mockApi } from '../../../test/api';
import { locationRow, site } from '../../../test/fixtures';
import { renderWithApp, signInAs } from '../../../test/render';
import { DeviceControlDialog } from './DeviceControlDialog';

const SENT = 77;
const message = (over: Partial<ControlMessage>): ControlMessage => ({
  messageId: SENT,
  servicePointId: 2,
  requestedState: 1,
  resultCode: null,
  responseReceivedDate: null,
  state: 'sent',
  ...over,
});

/** The server: no command before the first Retry; then the command's status as `statusAt(n)` says at the n-th check. */
function server(statusAt: (check: number) => ControlMessage) {
  let sent = false;
  let checks = 0;
  return mockApi({
    'GET GetDeviceControlMessage': (call: Call) => {
      if (call.query.messageId === '0') return sent ? { result: message({}) } : { status: 404, message: 'Not found' };
      checks += 1;
      return { result: statusAt(checks) };
    },
    'PUT SendDeviceControlMessage': () => {
      sent = true;
      return { result: { messageId: SENT } };
    },
  });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the device control panel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(Role.SiteManager);
  });
  afterEach(() => vi.useRealTimers());

  it('sends Retry ON, counts the cooldown down and shows the success the meter answers', async () => {
    const api = server((check) => (check === 1 ? message({}) : message({ resultCode: 0, state: 'acked' })));
    renderWithApp(
      <DeviceControlDialog site={site} row={locationRow(2)} servicePointId={2} onClose={() => {}} onDone={() => {}} />,
    );
    expect(await screen.findByText('No command was sent to this meter yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry ON' }));
    expect(await screen.findByText('ON sent. Checking the meter… 45 s')).toBeTruthy();
    expect(api.callsTo('PUT SendDeviceControlMessage').map((c) => c.body)).toEqual([
      { servicePointId: 2, requestedState: 1 },
    ]);
    expect(screen.getByRole('button', { name: 'Retry ON' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Retry OFF' }).hasAttribute('disabled')).toBe(true);

    await wait(15_000);
    expect(screen.getByText('ON sent. Checking the meter… 30 s')).toBeTruthy();
    expect(screen.queryByText('The meter was successfully turned ON/OFF as requested.')).toBeNull();
    await wait(15_000);
    await waitFor(() =>
      expect(screen.getByText('The meter was successfully turned ON/OFF as requested.')).toBeTruthy(),
    );
    expect(api.calls.filter((c) => c.query.messageId === String(SENT))).toHaveLength(2);
  });

  it('says so when the meter never answers within the cooldown, and lets the user retry after it', async () => {
    server(() => message({}));
    renderWithApp(
      <DeviceControlDialog site={site} row={locationRow(2)} servicePointId={2} onClose={() => {}} onDone={() => {}} />,
    );
    await screen.findByText('No command was sent to this meter yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry OFF' }));
    await screen.findByText('OFF sent. Checking the meter… 45 s');
    await wait(45_000);
    await waitFor(() => expect(screen.getByText('No response was received from the meter.')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Retry OFF' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the error code of a failed command', async () => {
    server(() => message({ resultCode: 5, state: 'failed' }));
    renderWithApp(
      <DeviceControlDialog site={site} row={locationRow(2)} servicePointId={2} onClose={() => {}} onDone={() => {}} />,
    );
    await screen.findByText('No command was sent to this meter yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry ON' }));
    await screen.findByText('ON sent. Checking the meter… 45 s');
    await wait(15_000);
    await waitFor(() =>
      expect(
        screen.getByText('The meter was not able to be turned ON/OFF due to an error. Result code: 5'),
      ).toBeTruthy(),
    );
  });

  it('offers no retry on a deleted location', async () => {
    server(() => message({}));
    renderWithApp(
      <DeviceControlDialog
        site={site}
        row={locationRow(2, { deleted: true })}
        servicePointId={2}
        onClose={() => {}}
        onDone={() => {}}
      />,
    );
    await screen.findByText('No command was sent to this meter yet.');
    expect(screen.getByRole('button', { name: 'Retry ON' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Retry OFF' }).hasAttribute('disabled')).toBe(true);
  });
});
