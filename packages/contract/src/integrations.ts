import { z } from 'zod';
import { idParam, whenValid } from './fields';

/**
 * What an API key may do, each scope a set of calls of the route table (a call declares the
 * scope it needs; a call that declares none refuses keys).
 */
export const API_KEY_SCOPES = [
  'locations:read',
  'usage:read',
  'statements:read',
  'stays:write',
  'relays:write',
  'reservations:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Keys start with this, so a leaked one is recognised (secret scanners, logs) and told from a session token. */
export const API_KEY_PREFIX = 'mpk_';
/** Live keys a business may hold. */
export const API_KEYS_PER_BUSINESS_MAX = 50;
/** Requests a minute one key may make. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

export const createApiKeyRequest = z.object({
  businessID: idParam,
  name: z.string({ error: 'requiredField' }).trim().min(1, 'requiredField').max(100, 'maxLength'),
  siteIDs: z.array(idParam).min(1, 'requiredField').max(500, 'maxLength'),
  scopes: z.array(z.enum(API_KEY_SCOPES, { error: 'fieldNotValid' })).min(1, 'requiredField'),
  /** When the key stops working; none: until revoked. */
  expiresAt: z.iso.datetime({ offset: true, error: 'fieldNotValid' }).nullish(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;

/** The key itself is in this answer only: it is stored hashed. */
export const createdApiKey = z.object({ apiKeyID: z.number(), key: z.string() });

export const apiKeysQuery = z.object({ businessID: idParam });
export const apiKeyIdBody = z.object({ apiKeyID: idParam });

export const apiKeyRow = z.object({
  apiKeyID: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  siteIDs: z.array(z.number()),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedFrom: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyRow = z.output<typeof apiKeyRow>;

/** What a webhook can be told of; the payload is `{ type, timestamp, data }` (docs/integrations.md). */
export const WEBHOOK_EVENT_TYPES = [
  'stay.checked_in',
  'stay.checked_out',
  'statement.revised',
  'alert.opened',
  'alert.acknowledged',
  'alert.resolved',
  'relay.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Endpoints a property may have. */
export const WEBHOOKS_PER_PROPERTY_MAX = 10;
/**
 * Seconds to wait before each retry of a delivery that failed (the first try is at once): about
 * 28 hours in all; after the last, the delivery is failed (Redeliver sends it again).
 */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
/** An endpoint whose deliveries have all failed for this long is disabled, with an alert. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 72;
/** After a secret is rotated, deliveries are signed with the old one too for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const createWebhookRequest = z.object({
  siteID: idParam,
  url: z.url({ protocol: /^https?$/, error: 'webhookUrlInvalid' }).max(2_000, 'maxLength'),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'fieldNotValid' })).min(1, 'requiredField'),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

/** The secret is in this answer, and in the rotation's, only. */
export const webhookSecret = z.object({ webhookID: z.number(), secret: z.string() });

export const webhookIdBody = z.object({ webhookID: idParam });
export const webhookIdQuery = z.object({ webhookID: idParam });
export const deliveryIdBody = z.object({ deliveryID: idParam });

export const webhookRow = z.object({
  webhookID: z.number(),
  siteID: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  createdAt: z.string(),
  /** Set when it was disabled after failing for days (or by hand); deliveries wait meanwhile. */
  disabledAt: z.string().nullable(),
  /** The first failure of the current run of failures; null when the last delivery got through. */
  failingSince: z.string().nullable(),
  /** Until then deliveries carry a signature by the secret before the last rotation too. */
  previousSecretUntil: z.string().nullable(),
});
export type WebhookRow = z.output<typeof webhookRow>;

export const webhookDelivery = z.object({
  deliveryID: z.number(),
  /** The event's id, sent as `webhook-id`: the same on every attempt and redelivery. */
  eventID: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The start of the endpoint's last answer, or why there was none. */
  lastResponse: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.output<typeof webhookDelivery>;

/** A reservation's state as the PMS tells it. */
export const RESERVATION_STATUSES = ['booked', 'arrived', 'departed', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * When a property checks a PMS's guest in: when the PMS says the guest arrived, or at the
 * reservation's arrival time.
 */
export const RESERVATION_CHECK_INS = ['whenArrived', 'atArrivalTime'] as const;
export type ReservationCheckIn = (typeof RESERVATION_CHECK_INS)[number];

const reservationGuest = z.object({
  firstName: z.string({ error: 'requiredField' }).trim().min(1, 'requiredField').max(60, 'maxLength'),
  lastName: z.string().trim().max(60, 'maxLength').optional().default(''),
  /** Any format: ten digits become the portal's (555) 010-0000; others are kept on the reservation only. */
  phone: z.string().trim().max(30, 'maxLength').optional().default(''),
  email: z.string().trim().max(254, 'maxLength').optional().default(''),
});

export const upsertReservationRequest = z
  .object({
    siteID: idParam,
    /** The PMS's own id of the reservation: a second call with it changes the same reservation. */
    externalID: z.string({ error: 'requiredField' }).trim().min(1, 'requiredField').max(100, 'maxLength'),
    /** The location's description, or its billing account number. */
    locationDescription: z.string({ error: 'requiredField' }).trim().min(1, 'requiredField').max(100, 'maxLength'),
    arrival: z.iso.datetime({ offset: true, error: 'fieldNotValid' }),
    departure: z.iso.datetime({ offset: true, error: 'fieldNotValid' }),
    guest: reservationGuest,
    status: z.enum(RESERVATION_STATUSES, { error: 'fieldNotValid' }),
  })
  .refine((r) => new Date(r.departure) > new Date(r.arrival), {
    message: 'reservationDepartureBeforeArrival',
    path: ['departure'],
    ...whenValid(['arrival', 'departure']),
  });
export type UpsertReservationRequest = z.input<typeof upsertReservationRequest>;

export const reservationResult = z.object({
  reservationID: z.number(),
  /** The stay it checked in; null until then. */
  stayID: z.number().nullable(),
});

export const reservationsQuery = z.object({
  siteID: idParam,
  /** Reservations whose stay overlaps the period (arrival before `to`, departure after `from`); default: from now on. */
  from: z.iso.datetime({ offset: true, error: 'fieldNotValid' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'fieldNotValid' }).optional(),
});

export const reservationRow = z.object({
  reservationID: z.number(),
  externalID: z.string(),
  locationDescription: z.string(),
  locationID: z.number().nullable(),
  arrival: z.string(),
  departure: z.string(),
  guestName: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  stayID: z.number().nullable(),
  /** Whether that stay is still open (its guest in), whatever the PMS says. */
  stayOpen: z.boolean(),
  /** Where it came from: the name of the API key that sent it. */
  source: z.string(),
  /** Why the portal could not do what it asked (a message code), until it can. */
  conflict: z.string().nullable(),
  updatedAt: z.string(),
});
export type ReservationRow = z.output<typeof reservationRow>;

export const reservationCheckInRequest = z.object({
  siteID: idParam,
  checkIn: z.enum(RESERVATION_CHECK_INS, { error: 'fieldNotValid' }),
});
export const reservationSettings = z.object({ siteID: z.number(), checkIn: z.enum(RESERVATION_CHECK_INS) });
