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
  /** The body's content types when it is not JSON (a file of readings as `text/csv`): the body arrives as text. */
  readonly consumes?: readonly string[];
  /** The largest body it takes, in bytes, when more than the server's 1 MiB (a photo, a file of readings). */
  readonly bodyLimit?: number;
  /**
   * Long work that tells how far it got: asked with `Accept: application/x-ndjson`, the answer is
   * a line `{"progress": share}` (0 to 1) as the work goes, then the envelope as the last line.
   */
  readonly streamsProgress?: boolean;
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

/** A call's entry in `routes.ts`: its method, path and key. */
type Route = Pick<Call, 'method' | 'path' | 'key'>;

/** What a feature's calls share: their tags, and who may make them unless a call says otherwise. */
type FeatureDefaults = Pick<Call, 'tags'> & { readonly access?: Access };

/** What a feature's file writes of one call: what its route and the feature do not give, and `access` where it differs. */
type CallEntry = Omit<Call, keyof Route | keyof FeatureDefaults> & { readonly access?: Access };
type EntryOf<D extends FeatureDefaults> = D extends { readonly access: Access }
  ? CallEntry
  : CallEntry & { readonly access: Access };

/** A name no entry of the routes has, or a field no call has, is refused (a typo). */
type Exact<R, E> = { [K in Exclude<keyof E, keyof R>]: never } & {
  [K in keyof E]: { [F in Exclude<keyof E[K], keyof CallEntry>]: never };
};

/** A call as made by `featureCalls`: its route, the feature's defaults, and its own fields over them. */
type Completed<R, D, E> = R & Omit<D, keyof E> & E;

/**
 * Declares a feature's calls: each of its routes (`routes.meters`) completed with the feature's
 * tags and access and the call's own fields, keeping their literal types as `call` does. Every
 * route of the feature must have its entry, and an entry's name must be one of the routes'.
 */
export function featureCalls<
  const R extends Readonly<Record<string, Route>>,
  const D extends FeatureDefaults,
  const E extends { readonly [K in keyof R]: EntryOf<D> },
>(routes: R, defaults: D, entries: E & Exact<R, E>): { readonly [K in keyof R]: Completed<R[K], D, E[K]> } {
  return Object.fromEntries(
    Object.entries(entries).map(([name, entry]) => [name, { ...routes[name], ...defaults, ...entry }]),
  ) as never;
}

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
