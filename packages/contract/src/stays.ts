import { z } from 'zod';
import { GUEST_PHONE_LENGTH, GUEST_SEARCH_MIN_CHARS, TIME_STEP_MINUTES } from './constants';
import { EMAIL_PATTERN, whenTyped } from './fields';
import { stayReadings } from './meters';

const id = z.int32();

export const GUEST_PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

/** Formats digits as the guest phone mask (000) 000-0000 while typing. */
export function maskGuestPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export const guestInput = z
  .object({
    guestID: id.nullish(),
    mobileNumber: z.string().trim().optional().default(''),
    firstName: z.string().trim().max(60, 'maxLength').optional().default(''),
    lastName: z.string().trim().max(60, 'maxLength').optional().default(''),
    email: z.string().trim().max(254, 'maxLength').optional().default(''),
    createdByUserAccountId: id.nullish(),
  })
  .superRefine(
    (g, ctx) => {
      const anyGuest = g.mobileNumber !== '' || g.firstName !== '';
      if (
        g.mobileNumber !== '' &&
        (g.mobileNumber.length !== GUEST_PHONE_LENGTH || !GUEST_PHONE_PATTERN.test(g.mobileNumber))
      ) {
        ctx.addIssue({ code: 'custom', message: 'invalidPhone', path: ['mobileNumber'] });
      }
      if (g.firstName !== '' && g.mobileNumber === '')
        ctx.addIssue({ code: 'custom', message: 'phoneRequired', path: ['mobileNumber'] });
      if (anyGuest && g.firstName === '')
        ctx.addIssue({ code: 'custom', message: 'firstNameRequired', path: ['firstName'] });
      if (g.email !== '' && !EMAIL_PATTERN.test(g.email))
        ctx.addIssue({ code: 'custom', message: 'invalidEmail', path: ['email'] });
    },
    whenTyped(['mobileNumber', 'firstName', 'email']),
  );
export type GuestInput = z.infer<typeof guestInput>;

export const capabilityState = z.object({
  servicePointCapabilityID: id,
  status: z.union([z.literal(0), z.literal(1)]),
});

/** The next 15-minute slot after `now`: the earliest automatic check-out. */
export function nextSlot(now: Date): Date {
  const step = TIME_STEP_MINUTES * 60_000;
  return new Date(Math.floor(now.getTime() / step) * step + step);
}

/** The automatic check-out for a wanted moment (a reservation's departure): its slot, rounded up, and never before `nextSlot(now)`. */
export function slotAtOrAfter(at: Date, now: Date): Date {
  const step = TIME_STEP_MINUTES * 60_000;
  return new Date(Math.max(Math.ceil(at.getTime() / step) * step, nextSlot(now).getTime()));
}

const locationFields = {
  locationID: id,
  locationType: id.nullish(),
  locationPublicName: z.string().trim().max(30).optional(),
  locationDescription: z.string().trim().max(100).optional(),
  billingAccountNumber: z.string().trim().max(50).nullish(),
  servicePointID: id.nullish(),
  servicePointName: z.string().nullish(),
  /** Availability: 1 available, 0 out of service (all the location's meters). */
  activeInd: z.union([z.literal(0), z.literal(1)]).optional(),
  servicePointCapabilities: z.array(capabilityState).max(8).default([]),
};

export const checkInRequest = z.object({
  ...locationFields,
  autoCheckoutDateTime: z.iso.datetime({ offset: true, error: 'fieldNotValid' }),
  guest: guestInput.optional(),
  /** The opening readings of meters read by hand or gone silent, taken now. */
  readings: stayReadings,
});

/** A check-out may bring the closing readings of meters read by hand or gone silent. */
export const checkOutRequest = z.object({ readings: stayReadings }).strict().nullish();
export type CheckOutRequest = z.input<typeof checkOutRequest>;
export type CheckOutInput = z.output<typeof checkOutRequest>;
export type CheckInRequest = z.infer<typeof checkInRequest>;

export const updateCapabilitiesRequest = z.object({
  ...locationFields,
  autoCheckoutDateTime: z.iso.datetime({ offset: true, error: 'fieldNotValid' }).nullish(),
  guest: guestInput.optional(),
});
export type UpdateCapabilitiesRequest = z.infer<typeof updateCapabilitiesRequest>;

export const stayResult = z.object({ stayID: id, messageIds: z.array(z.int32()) });

export const guestSearchQuery = z.object({
  search: z.string().trim().min(GUEST_SEARCH_MIN_CHARS, 'minLength').max(20, 'maxLength'),
});
export const guestRow = z.object({
  guestID: id,
  mobileNumber: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
});

export type GuestRow = z.infer<typeof guestRow>;

export const currentStayMeter = z.object({
  servicePointID: id,
  servicePointName: z.string(),
  unit: z.string(),
  openingReading: z.number().nullable(),
  currentReading: z.number().nullable(),
  /** Used since check-in: the rises of the readings (a reset or a drop adds nothing). */
  usage: z.number(),
  /** Read by hand, or networked but silent: check-out asks for its reading or an estimate. */
  readByHand: z.boolean(),
  silent: z.boolean(),
  /** The proposal for an estimate now (`ReadRouteStop.estimate`); null without history. */
  estimate: z.number().nullable(),
});

/** The open stay of a location (null when nobody is checked in): its guest and its meters so far. */
export const currentStay = z
  .object({
    stayID: id,
    checkinDateTime: z.string(),
    autoCheckoutDateTime: z.string().nullable(),
    guest: guestRow.nullable(),
    meters: z.array(currentStayMeter),
  })
  .nullable();
export type CurrentStay = z.infer<typeof currentStay>;
