import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Access,
  type Call,
  type Envelope,
  type MessageCode,
  type MessageParams,
  messageText,
  envelope,
  errorEnvelope,
  errorResult,
  hasPermission,
  operationIdOf,
  type ScopeDeclaration,
} from '@portal/contract';
import { z } from 'zod';
import type { Principal } from './principal';
import { actorOf, type Caller, type CallerContext, type UserContext } from './actor';
import { resolveDeclaredScope, type Resolved } from './declared-scope';
import { AppError, failureOf, forbidden, unauthenticated } from '../lib/errors';
import { canonicalize, keyMapOf } from '../lib/keys';
import { idempotencyKeyOf, KeyClaim, type StoredAnswer } from '../lib/idempotency';
import { ProgressLines } from './progress-lines';

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
type Part<C, K extends string> = C extends { readonly [P in K]: infer S } ? In<S> : undefined;
type ScopeOf<C> = C extends { readonly scope: infer S extends ScopeDeclaration } ? S : undefined;

type CallerOf<A> = A extends 'public' ? CallerContext : UserContext;

type Ctx<C extends Call> = {
  req: FastifyRequest;
  reply: FastifyReply;
  /** What the services are called with: the dependencies, the caller as actor, the request's logger. */
  caller: CallerOf<C['access']>;
  user: UserOf<C['access']>;
  query: Part<C, 'query'>;
  body: Part<C, 'body'>;
  params: Part<C, 'params'>;
  /** The records the call's `scope` names, checked against the caller's scope. */
  scoped: Resolved<ScopeOf<C>>;
  /** Tells the client how far the work got (0 to 1), when the call streams its progress and the client asked for it. */
  progress: (share: number) => void;
};

export type Handler<C extends Call> = (
  ctx: Ctx<C>,
) => Promise<z.input<C['result']> | Answer<z.input<C['result']>> | void>;

const accessKey = Symbol.for('portal.access');
export type RouteAccessConfig = { [accessKey]?: Access };
/** Route config for the few routes not made by defineRoute (the websocket hub). */
export function accessConfig(access: Access): RouteAccessConfig {
  return { [accessKey]: access };
}

export function accessOf(config: unknown): Access | undefined {
  return (config as RouteAccessConfig | undefined)?.[accessKey];
}

function authorize({ access, keyScope }: Call, user: Principal | null): void {
  if (access === 'public') return;
  if (!user) throw unauthenticated();
  if (user.apiKey) {
    if (!keyScope) throw new AppError('forbidden', 'apiKeyNotAccepted');
    if (!user.apiKey.scopes.includes(keyScope))
      throw new AppError('forbidden', 'apiKeyScopeMissing', { scope: keyScope });
  }
  if (access === 'signedIn') return;
  if (!access.anyOf.some((p) => hasPermission(user.roleId, p))) throw forbidden();
}

const file = z.string().meta({ format: 'binary' });

/** Who may call it in the OpenAPI document: a session's token, or also an API key (`apiKey`) with the scope named. */
function securityOf(call: Call): Array<Record<string, string[]>> {
  if (call.access === 'public') return [];
  return call.keyScope ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }];
}

/** The call's OpenAPI description; the response schemas also serialise the answers. */
function openApiSchema(call: Call) {
  return {
    operationId: operationIdOf(call),
    summary: call.summary,
    tags: call.tags,
    security: securityOf(call),
    ...(call.keyScope && { 'x-api-key-scope': call.keyScope }),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...(call.params ? { params: call.params } : {}),
    ...(call.consumes && { consumes: call.consumes }),
    response: call.produces
      ? {
          200: {
            description: 'The file',
            content: Object.fromEntries(call.produces.map((type) => [type, { schema: file }])),
          },
          '4xx': errorEnvelope,
          '5xx': errorEnvelope,
        }
      : {
          '2xx': envelope(call.result),
          // 410 (saved, device operation pending) is a success with a 4xx status
          '4xx': envelope(z.union([errorResult, call.result])),
          '5xx': errorEnvelope,
        },
  };
}

/** The context a route calls its services with: the caller as actor (a visitor on a public call). */
function callerOf(req: FastifyRequest, claim: KeyClaim | null): CallerContext {
  const actor: Caller = req.principal ? actorOf(req.principal, req.ip) : { kind: 'visitor', ip: req.ip };
  // the claim of the key goes into the handler's own write (lib/idempotency.ts)
  return { ...req.server.deps, ...(claim && { db: claim.database() }), actor, log: req.log };
}

/**
 * Registers the handler of one call of the route table. Every route reads the same way:
 * authenticate, limit the rate (per user once signed in), refuse text the database cannot
 * hold, authorise by role, canonicalise and validate input, check the ids the call's scope
 * names, then the handler; the answer is wrapped in the envelope and serialised
 * from the contract's schema. A call that consumes another type than JSON gets its body as text.
 */
export function defineRoute<const C extends Call>(app: FastifyInstance, call: C, handler: Handler<C>): void {
  const { consumes } = call;
  if (!consumes) {
    addRoute(app, call, handler);
    return;
  }
  // another body than JSON is taken as text by this call alone: Fastify keeps a parser to the plugin it is added in
  void app.register(async (own) => {
    for (const type of consumes)
      own.addContentTypeParser(type, { parseAs: 'string' }, (_req, text, done) => done(null, text));
    addRoute(own, call, handler);
  });
}

function addRoute<const C extends Call>(app: FastifyInstance, call: C, handler: Handler<C>): void {
  const queryKeys = call.query ? keyMapOf(call.query) : null;
  const bodyKeys = call.body ? keyMapOf(call.body) : null;
  app.route({
    method: call.method,
    url: call.path,
    ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
    config: {
      [accessKey]: call.access,
      ...(call.rateLimit ? { rateLimit: { max: call.rateLimit, timeWindow: 60_000 } } : {}),
    },
    schema: openApiSchema(call),
    preValidation: async (req) => {
      authorize(call, req.principal);
      if (queryKeys) req.query = canonicalize(req.query, queryKeys);
      if (bodyKeys) req.body = canonicalize(req.body, bodyKeys);
    },
    handler: async (req, reply) => {
      const { deps } = req.server;
      const scoped = call.scope
        ? await resolveDeclaredScope(deps.db, req.principal!, call.scope, {
            query: req.query,
            body: req.body,
            params: req.params,
          })
        : {};
      const given = call.idempotent && req.principal ? idempotencyKeyOf(req) : null;
      // a key's Idempotency-Keys are its own, not those of the account that made it
      const key = given && req.principal!.apiKey ? `apikey:${req.principal!.apiKey.id}:${given}` : given;
      const claim = key ? new KeyClaim(deps, req.principal!.userAccountId, key, req) : null;
      const replay = (first: StoredAnswer) =>
        reply.status(first.status).header('idempotent-replayed', 'true').send(first.body);
      const first = await claim?.earlierAnswer();
      if (first) return replay(first);
      const lines = ProgressLines.of(call.streamsProgress, req, reply);
      try {
        const out = await handler({
          req,
          reply,
          user: req.principal as UserOf<C['access']>,
          query: req.query as Part<C, 'query'>,
          body: req.body as Part<C, 'body'>,
          params: req.params as Part<C, 'params'>,
          scoped: scoped as Resolved<ScopeOf<C>>,
          caller: callerOf(req, claim) as CallerOf<C['access']>,
          progress: lines?.progress ?? (() => {}),
        });
        if (call.produces) return reply;
        const answer = out instanceof Answer ? out : new Answer(out ?? null);
        const body: Envelope<unknown> = {
          success: true,
          result: answer.result,
          message: answer.messageCode && messageText(answer.messageCode, answer.messageParams),
          ...(answer.messageCode && { messageCode: answer.messageCode, messageParams: answer.messageParams }),
          statusCode: answer.status,
          exceptionMessage: null,
        };
        await claim?.keep({ status: answer.status, body });
        if (lines?.started) return lines.end(body);
        reply.status(answer.status);
        return body;
      } catch (err) {
        if (lines?.started) {
          const failure = failureOf(err);
          if (failure.status >= 500) req.log.error({ err }, 'request failed');
          return lines.end(failure.body);
        }
        // a failure after the write committed is the request's answer; one before it did nothing,
        // maybe because the same request with the key committed meanwhile: then its answer
        if (claim?.committed) await claim.keep(failureOf(err));
        else if (claim) {
          const theirs = await claim.earlierAnswer();
          if (theirs) return replay(theirs);
        }
        throw err;
      }
    },
  });
}
