import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { isMessageCode, messageText, PRODUCT_VERSION } from '@portal/contract';
import type { Deps } from './deps';
import { features } from './routes';
import session from './features/auth/session-plugin';
import { AppError, type ErrorBody, failureEnvelope, failureOf, fromDatabase } from './lib/errors';
import { refuseDeepJson } from './lib/json-body';
import { warnOfUntrustedProxy } from './lib/proxy-warning';
import { refuseUnstorableText } from './lib/text';
import { registerHub } from './hub/hub';
import { finishedDocument } from './lib/openapi';
import { accessOf } from './access/route';
import { zodSerializerCompiler } from './lib/serializer';

export type AppOptions = {
  deps: Deps;
  /** A pino logger; tests run silent. */
  logger?: FastifyBaseLogger;
};

const API = /^\/api(\/|$)/i;
const DOCS = /^\/api\/docs(\/|$)/i;

/** Query parameters that must never reach a log line. */
const SECRET_PARAMS = /([?&](?:token|password)=)[^&]*/gi;
/** Pages whose address carries a link's secret: a guest's statement, a recipient's confirmation, a new password. */
const SECRET_PATHS = /(\/(?:statement|report-recipient|auth\/set-password)\/)[^/?#]+/gi;

/** One log line per request, with its time; never a token or a password. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(_err: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    req.log.info(
      {
        method: req.method,
        url: req.url.replace(SECRET_PARAMS, '$1***').replace(SECRET_PATHS, '$1***'),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: req.principal?.userAccountId,
      },
      'request',
    );
  }
}

export async function buildApp({ deps, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  refuseDeepJson(app);
  warnOfUntrustedProxy(app);

  // Every call, whatever its schema says of text: no NUL or broken character reaches the database.
  app.addHook('preValidation', async (req) => {
    if (API.test(req.url)) refuseUnstorableText(req.query, req.params, req.body);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (API.test(req.url)) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Helmet's default would have the browser fetch every asset over https, so the portal
        // opened over plain http (another device on the LAN, by address) would show nothing.
        // Behind an https proxy the assets are same-origin and https already.
        upgradeInsecureRequests: null,
      },
    },
  });
  // A 2,000-location table is about 3 MB of JSON: about a tenth of that compressed.
  await app.register(compress, { threshold: 2048 });
  // Calls for signed-in users count per user (the session hook has named the caller by
  // then), so staff behind one office address do not share a limit; public calls (sign-in,
  // password mails, the meter page) count per address, whoever is signed in.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) =>
      req.principal && accessOf(req.routeOptions.config) !== 'public' ? `user:${req.principal.userAccountId}` : req.ip,
  });
  await app.register(session);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Metering Portal API', version: PRODUCT_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A business's API key (mpk_…), sent as a bearer token, on the calls whose x-api-key-scope its scopes hold (docs/integrations.md)",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      'openapiObject' in documents ? finishedDocument(documents.openapiObject) : documents.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, body } = toEnvelope(err);
    if (status >= 500) req.log.error({ err }, 'request failed');
    // the contract should have refused what the database did: worth a look
    else if (!(err instanceof AppError) && fromDatabase(err)) req.log.warn({ err }, 'refused by the database');
    return reply.status(status).send(body);
  });

  // Deny by default: an API route registered without an access rule stops the server.
  app.addHook('onRoute', (route) => {
    if (API.test(route.url) && !DOCS.test(route.url) && !accessOf(route.config)) {
      throw new Error(`${route.method} ${route.url} has no access rule: register it with defineRoute`);
    }
  });
  for (const feature of features) await app.register(feature);
  await registerHub(app);

  serveWebApp(app, deps.config.webDist, deps.config.sourceMaps);
  return app;
}

/** The envelope of any failure, made from an AppError: its own, a database refusal, invalid input, a rate limit, or 500. */
function toEnvelope(err: FastifyError): { status: number; body: ErrorBody } {
  if (err instanceof AppError || fromDatabase(err)) return failureOf(err);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = err.validation.map((v) => {
      const code = v.message && isMessageCode(v.message) ? v.message : 'invalidInput';
      return { field: v.instancePath.slice(1).replace(/\//g, '.'), code, message: messageText(code) };
    });
    const invalid = new AppError('invalid', fields[0]?.code ?? 'invalidInput', {}, fields);
    return { status: invalid.status, body: failureEnvelope(invalid) };
  }
  if (err.statusCode === 429) {
    return { status: 429, body: failureEnvelope(new AppError('tooManyRequests', 'tooManyAttempts')) };
  }
  // 413 too large, 415 unsupported media type, malformed JSON: keep the status Fastify chose
  if (err.statusCode && err.statusCode < 500) {
    return { status: err.statusCode, body: failureEnvelope(new AppError('invalid', 'invalidInput'), err.statusCode) };
  }
  return failureOf(err);
}

/**
 * The built web app at `/`; any path that is not an API call answers its index.html. Its source
 * maps (built beside the bundles, named by no comment in them) are served only when asked for
 * (`SOURCE_MAPS`): then each bundle names its map in a `SourceMap` header for the browser's tools.
 */
function serveWebApp(app: FastifyInstance, webDist: string, sourceMaps: boolean) {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // Files are looked up on each request, so a rebuilt app needs no restart.
      wildcard: true,
      cacheControl: false,
      allowedPath: (path) => sourceMaps || !path.endsWith('.map'),
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/: those files never change.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (sourceMaps && existsSync(`${path}.map`)) reply.header('sourcemap', `${basename(path)}.map`);
      },
    });
  }
  const indexHtml = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', webDist, { maxAge: 0, immutable: false });
  if (hasWeb) app.get('/', (_req, reply) => indexHtml(reply));
  app.setNotFoundHandler((req, reply) => {
    const isFile = /^\/assets\//.test(req.url) || /\.[a-z0-9]+$/i.test(req.url.split('?')[0]!);
    if (API.test(req.url) || !hasWeb || isFile || (req.method !== 'GET' && req.method !== 'HEAD')) {
      const notFound = new AppError('notFound', 'notFound');
      return reply.status(notFound.status).send(failureEnvelope(notFound));
    }
    return indexHtml(reply);
  });
}
