import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadPrincipal } from './queries';

/** Reads the bearer token of each API request and loads the caller it names. */
export default fp(async function session(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ') || !/^\/api\//i.test(req.url)) return;
    const claims = await app.deps.tokens.verify(header.slice(7).trim(), app.deps.now());
    if (claims) req.principal = await loadPrincipal(app.deps.db, claims, app.deps.now());
  });
});
