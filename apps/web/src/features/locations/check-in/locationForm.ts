import { type GuestRow, type LocationRow, guestInput, whenValid } from '@portal/contract';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { ServicesBody } from '../hooks';
import { type ServiceBox, type ServiceValue, servicesToSend } from './services';
import { fromWallTime, toWallTime } from '../../../lib/wallTime';
import { checkoutProblem, defaultCheckout } from './zonedTime';

/** The check-in and edit form (screen 11): values, rules and the request it sends. */

/** The guest as the form holds it, every field there; the contract's rules check it when a guest is in. */
const guestFields = z.object({
  guestID: z.number().nullable(),
  mobileNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
const checkedGuest = guestFields.transform((guest): z.input<typeof guestInput> => guest).pipe(guestInput);

export type LocationFormValues = {
  locationDescription: string;
  billingAccountNumber: string;
  locationType: string | null;
  locationPublicName: string;
  autoCheckout: string;
  available: boolean;
  services: ServiceValue[];
  guest: z.input<typeof guestFields>;
};

export type FormMode = {
  /** Checking a guest in now. */
  checkIn: boolean;
  /** A guest is (or is being) checked in: description, account and type are read-only, the stay's fields show. */
  guestIn: boolean;
};

/** An empty guest for a check-in; the open stay's guest when editing a checked-in location. */
function guestValues(guest: GuestRow | null | undefined): LocationFormValues['guest'] {
  return {
    guestID: guest?.guestID ?? null,
    mobileNumber: guest?.mobileNumber ?? '',
    firstName: guest?.firstName ?? '',
    lastName: guest?.lastName ?? '',
    email: guest?.email ?? '',
  };
}

export function initialValues(
  row: LocationRow,
  mode: FormMode,
  services: ServiceValue[],
  site: { timeZone: string; defaultCheckoutTime: string },
  now: Date,
  guest: GuestRow | null = null,
): LocationFormValues {
  const autoCheckout = mode.checkIn
    ? defaultCheckout(now, site.timeZone, site.defaultCheckoutTime)
    : row.autoCheckoutDateTime
      ? toWallTime(new Date(row.autoCheckoutDateTime), site.timeZone)
      : '';
  return {
    locationDescription: row.locationDescription,
    billingAccountNumber: row.accountNumber ?? '',
    locationType: row.locationType === null ? null : String(row.locationType),
    locationPublicName: row.locationPublicName,
    autoCheckout,
    available: row.servicePoints.every((sp) => sp.activeInd === 1),
    services,
    guest: guestValues(guest),
  };
}

export type CheckoutMessages = { invalid: string; tooEarly: string; step: string };

/** The form's rules: the contract's guest rules, a description, and the automatic check-out of the property zone. */
export function formSchema(mode: FormMode, timeZone: string, messages: CheckoutMessages, now: () => Date) {
  return z
    .object({
      locationDescription: z.string().trim().min(1, 'required').max(100, 'maxLength'),
      billingAccountNumber: z.string().trim().max(50, 'maxLength'),
      locationType: z.string().nullable(),
      locationPublicName: z
        .string()
        .trim()
        .min(1, 'required')
        .max(30, 'maxLength')
        .regex(/^[A-Za-z0-9-]+$/, 'fieldNotValid'),
      autoCheckout: z.string(),
      available: z.boolean(),
      services: z.array(z.object({ id: z.number(), on: z.boolean() })),
      guest: mode.guestIn ? checkedGuest : guestFields,
    })
    .superRefine(
      (v, ctx) => {
        if (!mode.guestIn) return;
        const problem = checkoutProblem(v.autoCheckout, timeZone, now());
        if (problem) ctx.addIssue({ code: 'custom', path: ['autoCheckout'], message: messages[problem] });
      },
      whenValid(['autoCheckout']),
    );
}

export type LocationFormOutput = z.output<ReturnType<typeof formSchema>>;
/** The form of a location's dialogs, as `useSchemaForm` makes it of `formSchema`. */
export type LocationForm = UseFormReturn<LocationFormValues, unknown, LocationFormOutput>;

function guestPayload(guest: LocationFormOutput['guest']) {
  const g = {
    guestID: guest.guestID,
    mobileNumber: guest.mobileNumber.trim(),
    firstName: guest.firstName.trim(),
    lastName: guest.lastName.trim(),
    email: guest.email.trim(),
  };
  return g.mobileNumber === '' && g.firstName === '' ? undefined : g;
}

export function requestBody(
  row: LocationRow,
  values: LocationFormOutput,
  boxes: readonly ServiceBox[],
  mode: FormMode,
  timeZone: string,
): ServicesBody {
  const first = row.servicePoints[0];
  return {
    locationID: row.locationID,
    locationType: values.locationType === null ? null : Number(values.locationType),
    locationDescription: values.locationDescription.trim(),
    locationPublicName: values.locationPublicName.trim(),
    billingAccountNumber: values.billingAccountNumber.trim() || null,
    servicePointID: first?.servicePointID ?? null,
    servicePointName: first?.servicePointName ?? null,
    ...(mode.guestIn && !mode.checkIn && row.isCheckedInState
      ? {}
      : { activeInd: values.available ? (1 as const) : (0 as const) }),
    servicePointCapabilities: servicesToSend(boxes, values.services),
    ...(mode.guestIn
      ? {
          autoCheckoutDateTime: fromWallTime(values.autoCheckout, timeZone)?.toISOString(),
          guest: guestPayload(values.guest),
        }
      : {}),
  };
}
