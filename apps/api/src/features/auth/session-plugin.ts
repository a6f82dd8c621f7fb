import { API_KEY_REQUESTS_PER_MINUTE } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../../lib/errors';
import { keyPrincipal, looksLikeKey } from '../integrations';
import { loadPrincipal } from './queries';

/** `Bearer <token>`: the scheme in any case (RFC 9110, 11.1), then one or more spaces. */
const BEARER = /^bearer +(\S+) *$/i;

/**
 * Reads the bearer token of each API request and loads the caller it names: a session's
 * token, or an API key, refused at once when it is not (or no longer) valid and limited to
 * its requests a minute (each key its own count, whatever the call).
 */
export default fp(async function session(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  const keyLimit = app.rateLimit({
    max: API_KEY_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `apikey:${req.principal?.apiKey?.id}`,
  });
  app.addHook('onRequest', async (req, reply) => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !/^\/api\//i.test(req.url)) return;
    const { deps } = app;
    if (looksLikeKey(token)) {
      req.principal = await keyPrincipal(deps.db, token, deps.now(), req.ip);
      if (!req.principal) throw unauthenticated('apiKeyInvalid');
      return keyLimit.call(app, req, reply);
    }
    const claims = await deps.tokens.verify(token, deps.now());
    if (claims) req.principal = await loadPrincipal(deps.db, claims, deps.now());
  });
});
