import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Envelope,
  envelope,
  errorEnvelope,
  errorResult,
  hasPermission,
  type MessageCode,
  type MessageParams,
  messageText,
  type Permission,
} from '@portal/contract';
import { z } from 'zod';
import type { Principal } from '../features/auth/principal';
import { resolveDeclaredScope, type Resolved, type ScopeDeclaration } from '../features/auth/declared-scope';
import type { Deps } from '../deps';
import { forbidden, unauthenticated } from './errors';
import { canonicalize, keyMapOf } from './keys';
import { claimKey, idempotencyKeyOf, keepAnswer, releaseKey } from './idempotency';

/**
 * Who may call a route: anyone, any signed-in account (even one awaiting approval),
 * or an account whose role holds one of the permissions.
 */
export type Access = 'public' | 'signedIn' | { anyOf: readonly Permission[] };

/** A non-default answer: another status (410 pending) or a message (a catalogue code) beside the result. */
export class Answer<T> {
  constructor(
    readonly result: T,
    readonly status = 200,
    readonly messageCode: MessageCode | null = null,
    readonly messageParams: MessageParams = {},
  ) {}
}

type In<S> = S extends z.ZodType ? z.output<S> : undefined;
type UserOf<A> = A extends 'public' ? Principal | null : Principal;

export type Ctx<A extends Access, Q, B, P = undefined, S extends ScopeDeclaration | undefined = undefined> = {
  req: FastifyRequest;
  reply: FastifyReply;
  user: UserOf<A>;
  query: In<Q>;
  body: In<B>;
  params: In<P>;
  /** The records the route's `scope` names, checked against the caller's scope. */
  scoped: Resolved<S>;
  deps: Deps;
};

export type RouteSpec<
  A extends Access,
  Q,
  B,
  R extends z.ZodType,
  P = undefined,
  S extends ScopeDeclaration | undefined = undefined,
> = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  access: A;
  query?: Q;
  body?: B;
  /** Path parameters (`/api/Site/:siteId/Location/:locationId`). */
  params?: P;
  /**
   * The ids the input names and what they must be in the caller's scope (features/auth/
   * declared-scope.ts): checked before the handler, which gets the records as `scoped`.
   */
  scope?: S;
  result: R;
  /** Requests per minute per client address. */
  rateLimit?: number;
  /** Answers other than JSON (file downloads) skip the envelope's serialiser. */
  raw?: boolean;
  /**
   * A create call or a device command: with an Idempotency-Key header, a retry gets the first
   * answer again (for a day) instead of doing the work twice.
   */
  idempotent?: boolean;
  handler: (ctx: Ctx<A, Q, B, P, S>) => Promise<z.input<R> | Answer<z.input<R>> | void>;
};

/** Each route's scope declaration by `METHOD /path`, for the proof that every id a route takes is declared. */
export const declaredScopes = new Map<string, ScopeDeclaration>();

const accessKey = Symbol.for('portal.access');
export type RouteAccessConfig = { [accessKey]?: Access };
/** Route config for the few routes not made by defineRoute (the websocket hub). */
export function accessConfig(access: Access): RouteAccessConfig {
  return { [accessKey]: access };
}

export function accessOf(config: unknown): Access | undefined {
  return (config as RouteAccessConfig | undefined)?.[accessKey];
}

function authorize(access: Access, user: Principal | null): void {
  if (access === 'public') return;
  if (!user) throw unauthenticated();
  if (access === 'signedIn') return;
  if (!access.anyOf.some((p) => hasPermission(user.roleId, p))) throw forbidden();
}

/**
 * Registers one API route. Every route reads the same way: rate limit, authenticate,
 * canonicalise and validate input, authorise by role, then the handler; the answer is
 * wrapped in the envelope and serialised from the contract's schema.
 */
export function defineRoute<
  A extends Access,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  const S extends ScopeDeclaration | undefined = undefined,
>(app: FastifyInstance, spec: RouteSpec<A, Q, B, R, P, S>): void {
  if (spec.scope) declaredScopes.set(`${spec.method} ${spec.url}`, spec.scope);
  const queryKeys = spec.query ? keyMapOf(spec.query) : null;
  const bodyKeys = spec.body ? keyMapOf(spec.body) : null;
  app.route({
    method: spec.method,
    url: spec.url,
    config: {
      [accessKey]: spec.access,
      ...(spec.rateLimit ? { rateLimit: { max: spec.rateLimit, timeWindow: 60_000 } } : {}),
    },
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      ...(spec.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.raw
        ? {}
        : {
            response: {
              '2xx': envelope(spec.result),
              // 410 (saved, device operation pending) is a success with a 4xx status
              '4xx': envelope(z.union([errorResult, spec.result])),
              '5xx': errorEnvelope,
            },
          }),
    },
    preValidation: async (req) => {
      authorize(spec.access, req.principal);
      if (queryKeys) req.query = canonicalize(req.query, queryKeys);
      if (bodyKeys) req.body = canonicalize(req.body, bodyKeys);
    },
    handler: async (req, reply) => {
      const { deps } = req.server;
      const scoped = spec.scope
        ? await resolveDeclaredScope(deps.db, req.principal!, spec.scope, {
            query: req.query,
            body: req.body,
            params: req.params,
          })
        : {};
      const key = spec.idempotent && req.principal ? idempotencyKeyOf(req) : null;
      const keyOwner = req.principal?.userAccountId ?? 0;
      if (key) {
        const first = await claimKey(deps.db, keyOwner, key, req);
        if (first) return reply.status(first.status).header('idempotent-replayed', 'true').send(first.body);
      }
      try {
        const out = await spec.handler({
          req,
          reply,
          user: req.principal as UserOf<A>,
          query: req.query as In<Q>,
          body: req.body as In<B>,
          params: req.params as In<P>,
          scoped: scoped as Resolved<S>,
          deps,
        });
        if (spec.raw) return reply;
        const answer = out instanceof Answer ? out : new Answer(out ?? null);
        const body: Envelope<unknown> = {
          success: true,
          result: answer.result,
          message: answer.messageCode && messageText(answer.messageCode, answer.messageParams),
          ...(answer.messageCode && { messageCode: answer.messageCode, messageParams: answer.messageParams }),
          statusCode: answer.status,
          exceptionMessage: null,
        };
        if (key) await keepAnswer(deps.db, keyOwner, key, { status: answer.status, body });
        reply.status(answer.status);
        return body;
      } catch (err) {
        if (key) await releaseKey(deps.db, keyOwner, key);
        throw err;
      }
    },
  });
}
