import type { LogFn } from 'pino';
import type { Deps } from '../deps';
import type { Principal } from './principal';

/**
 * Who does something: a signed-in person, an API key (acting as the principal `user` its
 * properties and scopes make), someone not signed in (signing in, a public page), the server's
 * own scheduled work, or a meter. Every act is audited under its actor.
 */
export type Actor =
  | { kind: 'user'; user: Principal; ip: string }
  | { kind: 'key'; user: Principal & { apiKey: NonNullable<Principal['apiKey']> }; ip: string }
  | { kind: 'visitor'; ip: string }
  | { kind: 'job'; name: string }
  | { kind: 'device' };
type UserActor = Extract<Actor, { kind: 'user' | 'key' }>;
/** Someone calling the API: signed in, by a key, or not, from an address. */
export type Caller = Extract<Actor, { kind: 'user' | 'key' | 'visitor' }>;

/** Where a service logs: the request's logger, or the server's for a job. */
export type Log = { error: LogFn; warn: LogFn; info: LogFn; debug: LogFn };

/**
 * What a service is called with, by a route, a job or a test alike: the dependencies (database,
 * clock, mailer, device gateway), who acts, and where to log. Never a transport object.
 */
export type Context = Deps & { actor: Actor; log: Log };
export type CallerContext = Deps & { actor: Caller; log: Log };
export type UserContext = Deps & { actor: UserActor; log: Log };

/** The context of the server's own work: a job's, a meter's. */
export const actingAs = (deps: Deps, actor: Actor, log: Log): Context => ({ ...deps, actor, log });

/** The actor of a request's principal: a person, or an API key. */
export function actorOf(user: Principal, ip: string): UserActor {
  return user.apiKey ? { kind: 'key', user: { ...user, apiKey: user.apiKey }, ip } : { kind: 'user', user, ip };
}

/** The account of the person acting, for the columns that name who did it (null for a key, a job, a meter). */
export const personOf = (actor: Actor): number | null => (actor.kind === 'user' ? actor.user.userAccountId : null);

/** How the audit log names an actor: `user:12`, `key:3`, `visitor`, `job:automatic check-out`, `device`. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.user.userAccountId}`;
    case 'key':
      return `key:${actor.user.apiKey.id}`;
    case 'job':
      return `job:${actor.name}`;
    default:
      return actor.kind;
  }
}
