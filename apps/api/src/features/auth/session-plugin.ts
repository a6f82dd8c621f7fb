import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadPrincipal } from './queries';

/** `Bearer <token>`: the scheme in any case (RFC 9110, 11.1), then one or more spaces. */
const BEARER = /^bearer +(\S+) *$/i;

/** Reads the bearer token of each API request and loads the caller it names. */
export default fp(async function session(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !/^\/api\//i.test(req.url)) return;
    const claims = await app.deps.tokens.verify(token, app.deps.now());
    if (claims) req.principal = await loadPrincipal(app.deps.db, claims, app.deps.now());
  });
});
