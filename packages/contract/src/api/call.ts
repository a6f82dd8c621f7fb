import type { z } from 'zod';
import type { ApiKeyScope } from '../integrations';
import type { Permission } from '../roles';

/**
 * Who may make a call: anyone, any signed-in account (even one awaiting approval), or an
 * account whose role holds one of the permissions.
 */
export type Access = 'public' | 'signedIn' | { readonly anyOf: readonly Permission[] };

/**
 * What a call's input names and what it must be in the caller's scope: `'query.siteID': 'site'`,
 * `'body.locationID': 'location'`, `'body.*.servicePointId': 'meter'`, `'body.alertIDs.*': 'alert'` (every entry of a list).
 * The server checks each before the handler runs.
 */
export type ScopeKind =
  'business' | 'site' | 'location' | 'meter' | 'stay' | 'alert' | 'schedule' | 'apiKey' | 'webhook' | 'webhookDelivery';
export type ScopeDeclaration = Readonly<Record<string, ScopeKind>>;

/** One call of the API: everything both sides need to know of it. */
export type Call = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `/api/...`; path parameters as `:name`. */
  readonly path: string;
  /** Its feature and name in the table (`['meters', 'assign']`). */
  readonly key: readonly [string, string];
  readonly summary: string;
  readonly tags: readonly string[];
  readonly access: Access;
  /** The scope an API key needs to make the call; a call without one refuses keys. */
  readonly keyScope?: ApiKeyScope;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Path parameters (`/api/Site/:siteId/Location/:locationId`). */
  readonly params?: z.ZodType;
  readonly scope?: ScopeDeclaration;
  /** The answer's `result`; for a file download, what the envelope would carry (nothing). */
  readonly result: z.ZodType;
  /** A file download instead of the JSON envelope: its content types. */
  readonly produces?: readonly string[];
  /** The largest body it takes, in bytes, when more than the server's 1 MiB (a photo, a file of readings). */
  readonly bodyLimit?: number;
  /** Requests per minute: per client address, or per user once signed in. */
  readonly rateLimit?: number;
  /**
   * A create call or a device command: with an Idempotency-Key header, a retry gets the first
   * answer again (for a day) instead of doing the work twice.
   */
  readonly idempotent?: boolean;
};

/** Declares a call, keeping its literal types (the schemas, the scope's paths) for both sides. */
export const call = <const C extends Call>(spec: C): C => spec;

/** The parts of a call's input: query, body and path parameters, as the caller gives them. */
type Part<C, K extends 'query' | 'body' | 'params'> = C extends { [P in K]: infer S extends z.ZodType }
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : object extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
  : { [P in K]?: never };
export type CallInput<C extends Call> = Part<C, 'query'> & Part<C, 'body'> & Part<C, 'params'>;

/** What a call answers in the envelope's `result`. */
export type CallResult<C extends Call> = z.output<C['result']>;
