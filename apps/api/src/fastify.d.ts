import 'fastify';
import type { Deps } from './deps';
import type { Principal } from './access/principal';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
