import { type Envelope, type FieldError, type MessageCode, type MessageParams, messageText } from '@portal/contract';

/** Error codes the client reads, each with the HTTP status it answers with. */
const errorStatus = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  hasTransactions: 417,
  unprocessable: 422,
  tooManyRequests: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageCode: MessageCode,
    readonly params: MessageParams = {},
    readonly fields?: FieldError[],
  ) {
    super(messageText(messageCode, params));
    this.status = errorStatus[code];
  }
}

export type ErrorBody = Envelope<{ code: ErrorCode; errors?: FieldError[] }>;

/** The envelope of a failure: the English text for any client, and its code and parameters for ours. */
export function failureEnvelope(err: AppError, status = err.status): ErrorBody {
  return {
    success: false,
    result: { code: err.code, errors: err.fields },
    message: err.message,
    messageCode: err.messageCode,
    messageParams: err.params,
    statusCode: status,
    exceptionMessage: null,
  };
}

/** The field (or fields: rows of a bulk request) the message is about. */
type Fields = string | readonly string[];
const onField = (messageCode: MessageCode, fields?: Fields): FieldError[] | undefined =>
  fields === undefined
    ? undefined
    : (typeof fields === 'string' ? [fields] : fields).map((field) => ({
        field,
        code: messageCode,
        message: messageText(messageCode),
      }));

export const invalid = (messageCode: MessageCode, field?: Fields) =>
  new AppError('invalid', messageCode, {}, onField(messageCode, field));
export const unauthenticated = (messageCode: MessageCode = 'notAuthenticated') =>
  new AppError('unauthenticated', messageCode);
export const forbidden = () => new AppError('forbidden', 'forbidden');
export const notFound = (name = 'record') => new AppError('notFound', 'requestedNotFound', { name });
export const conflict = (messageCode: MessageCode, field?: Fields) =>
  new AppError('conflict', messageCode, {}, onField(messageCode, field));

/** A write the database refused for a unique index, as the driver or a cause of it reports. */
export const isUniqueViolation = (err: unknown): boolean => sqlStateOf(err)?.code === '23505';

function sqlStateOf(err: unknown): { code: string; constraint: string } | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const pg = e as { code?: unknown; constraint?: unknown };
    if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
      return { code: pg.code, constraint: String(pg.constraint) };
    }
  }
  return null;
}

/** The message of each unique index a write can lose a race on; another write got there first. */
export const uniqueConflicts: Record<string, MessageCode> = {
  business_entities_legal_name_key: 'businessNameTaken',
  locations_public_name_key: 'publicNameTaken',
  locations_site_description_key: 'locationDescriptionTaken',
  service_points_name_index: 'meterNameTaken',
  service_points_device_key_index: 'meterNameTaken',
  service_points_location_id_slot_index: 'noMoreMeters',
  site_integrations_site_id_partner_id_index: 'partnerOncePerProperty',
  sites_property_key_index: 'propertyKeyTaken',
  stays_one_open_per_location: 'alreadyCheckedIn',
  tariff_versions_site_moment: 'tariffMomentTaken',
  user_accounts_email_key: 'emailTaken',
  user_accounts_username_key: 'usernameTaken',
};

/**
 * A database refusal the request caused, as the client should hear it; null for anything
 * else. A unique index another request filled first is 409 with its message; a reference to a
 * row that does not exist, or a value the column cannot hold (the contract let it through), 400.
 */
export function fromDatabase(err: unknown): AppError | null {
  const state = sqlStateOf(err);
  if (state?.code === '23505') return conflict(uniqueConflicts[state.constraint] ?? 'changedMeanwhile');
  if (state?.code === '23503') return invalid('fieldNotValid');
  if (state?.code.startsWith('22')) return invalid('invalidInput');
  return null;
}

/**
 * The answer a failure of a handler gets: its own (an AppError), a database refusal the client
 * caused, or 500 for anything else.
 */
export function failureOf(err: unknown): { status: number; body: ErrorBody } {
  const known = err instanceof AppError ? err : (fromDatabase(err) ?? new AppError('internal', 'serverError'));
  return { status: known.status, body: failureEnvelope(known) };
}
