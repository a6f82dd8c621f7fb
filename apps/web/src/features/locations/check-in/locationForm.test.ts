import { describe, expect, it } from 'vitest';
import { locationRow, meterRow } from '../../../test/fixtures';
import { formSchema, initialValues, requestBody } from './locationForm';
import { initialServices, serviceBoxes } from './services';

const row = locationRow(7, {
  locationDescription: 'Site A-07',
  locationPublicName: 'PLR0007',
  accountNumber: 'AC-1',
  locationType: 1,
  locationTypeName: 'RV Site',
  servicePoints: [
    meterRow(70, {
      servicePointName: 'E100070',
      servicePointCapabilities: [
        {
          servicePointCapabilityID: 701,
          status: 0,
          apiCapabilityResponse: null,
          capability: { capabilityID: 2, displayName: '30 Amp', capabilityType: 2 },
        },
        {
          servicePointCapabilityID: 702,
          status: 0,
          apiCapabilityResponse: 'Pending',
          capability: { capabilityID: 3, displayName: '50 Amp', capabilityType: 2 },
        },
      ],
    }),
  ],
});

const site = { timeZone: 'America/Phoenix', defaultCheckoutTime: '11:00' };
const now = new Date('2026-06-01T15:00:00Z');
const mode = { checkIn: true, guestIn: true };
const messages = { invalid: 'invalid', tooEarly: 'tooEarly', step: 'step' };

describe('the check-in form', () => {
  const boxes = serviceBoxes(row.servicePoints, true);
  const values = initialValues(row, mode, initialServices(boxes, true), site, now);

  it('starts tomorrow at the property checkout time, with the services that can switch on', () => {
    expect(values.autoCheckout).toBe('2026-06-02T11:00');
    expect(values.services).toEqual([
      { id: 701, on: true },
      { id: 702, on: false },
    ]);
    expect(values.available).toBe(true);
  });

  it('starts an edit of a checked-in location with the open stay’s guest, which it sends back by id', () => {
    const guest = { guestID: 31, mobileNumber: '(555) 010-2030', firstName: 'Ida', lastName: null, email: 'ida@x.org' };
    const edit = { checkIn: false, guestIn: true };
    const checkedIn = { ...row, isCheckedInState: true };
    const filled = initialValues(checkedIn, edit, [], site, now, guest);
    expect(filled.guest).toEqual({ ...guest, lastName: '' });
    expect(requestBody(checkedIn, filled, [], edit, site.timeZone).guest).toEqual({ ...guest, lastName: '' });
  });

  it('sends the stay in UTC, the changeable relays, and no empty guest', () => {
    const body = requestBody(row, values, boxes, mode, site.timeZone);
    expect(body).toMatchObject({
      locationID: 7,
      locationType: 1,
      autoCheckoutDateTime: '2026-06-02T18:00:00.000Z',
      activeInd: 1,
      servicePointID: 70,
      servicePointCapabilities: [{ servicePointCapabilityID: 701, status: 1 }],
      guest: undefined,
    });
  });

  it('applies the guest rules of the contract and the check-out rules of the property zone', () => {
    const schema = formSchema(mode, site.timeZone, messages, () => now);
    const guest = { guestID: null, mobileNumber: '', firstName: 'Ann', lastName: '', email: 'x@' };
    const result = schema.safeParse({ ...values, autoCheckout: '2026-06-01T08:00', guest });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort();
    expect(issues).toEqual(['autoCheckout:tooEarly', 'guest.email:invalidEmail', 'guest.mobileNumber:phoneRequired']);
    expect(schema.safeParse(values).success).toBe(true);
  });
});
