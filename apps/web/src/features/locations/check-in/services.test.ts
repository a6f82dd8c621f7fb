import { describe, expect, it } from 'vitest';
import { meterRow } from '../../../test/fixtures';
import { allState, editable, initialServices, serviceBoxes, servicesToSend, setAll } from './services';

const cap = (id: number, type: number, status: number, response: string | null = null) => ({
  servicePointCapabilityID: id,
  status,
  apiCapabilityResponse: response,
  capability: { capabilityID: id, displayName: `Relay ${id}`, capabilityType: type },
});

const meter = (id: number, caps: ReturnType<typeof cap>[]) =>
  meterRow(id, { servicePointName: `M${id}`, servicePointCapabilities: caps });

// a disconnect-type smart meter (1), an electric meter with a pending and a failed relay (2, 3), a water valve (4)
const meters = [
  meter(1, [cap(1, 1, 0)]),
  meter(2, [cap(2, 2, 0, 'Pending'), cap(3, 2, 1, 'Failed: result code 5')]),
  meter(3, [cap(4, 2, 0)]),
];

describe('service checkboxes', () => {
  it('blocks pending and failed relays, and forces a disconnect-type meter on for a guest', () => {
    const boxes = serviceBoxes(meters, true);
    expect(boxes.map((b) => [b.id, b.blocked, b.forced])).toEqual([
      [1, null, true],
      [2, 'pending', false],
      [3, 'failed', false],
      [4, null, false],
    ]);
    expect(serviceBoxes(meters, false)[0]?.forced).toBe(false);
  });

  it('starts a check-in with every changeable service on, an edit as the relays are', () => {
    const boxes = serviceBoxes(meters, true);
    expect(initialServices(boxes, true)).toEqual([
      { id: 1, on: true },
      { id: 2, on: false },
      { id: 3, on: true },
      { id: 4, on: true },
    ]);
    expect(initialServices(serviceBoxes(meters, false), false).map((v) => v.on)).toEqual([false, false, true, false]);
  });

  it('All On/Off skips pending, failed and forced relays', () => {
    const boxes = serviceBoxes(meters, true);
    const values = initialServices(boxes, true);
    const off = setAll(boxes, values, false, true);
    expect(off.map((v) => v.on)).toEqual([true, false, true, false]);
    expect(allState(boxes, off, true)).toBe('off');
    expect(allState(boxes, setAll(boxes, off, true, true), true)).toBe('on');
  });

  it('changes nothing while the location is unavailable', () => {
    const boxes = serviceBoxes(meters, false);
    expect(boxes.some((b) => editable(b, false))).toBe(false);
    expect(allState(boxes, initialServices(boxes, false), false)).toBe('none');
  });

  it('sends the changeable relays, forced ones on', () => {
    const boxes = serviceBoxes(meters, true);
    const values = setAll(boxes, initialServices(boxes, true), false, true);
    expect(servicesToSend(boxes, values)).toEqual([
      { servicePointCapabilityID: 1, status: 1 },
      { servicePointCapabilityID: 4, status: 0 },
    ]);
  });
});
