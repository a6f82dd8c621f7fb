import type { LogFn } from 'pino';
import type { Deps } from '../deps';
import type { Principal } from './principal';

/**
 * Who does something: a signed-in person, someone not signed in (signing in, a public page),
 * the server's own scheduled work, or a meter. Every act is audited under its actor.
 */
export type Actor =
  | { kind: 'user'; user: Principal; ip: string }
  | { kind: 'visitor'; ip: string }
  | { kind: 'job'; name: string }
  | { kind: 'device' };
type UserActor = Extract<Actor, { kind: 'user' }>;
/** Someone calling the API: signed in or not, from an address. */
export type Caller = Extract<Actor, { kind: 'user' | 'visitor' }>;

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

/** How the audit log names an actor: `user:12`, `visitor`, `job:automatic check-out`, `device`. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.user.userAccountId}`;
    case 'job':
      return `job:${actor.name}`;
    default:
      return actor.kind;
  }
}
