import type { FastifyInstance } from 'fastify';
import { invalid } from './errors';

/**
 * How deep a JSON body may nest (the body itself is the first level). The contract's deepest
 * body is a few levels (a list of objects holding lists); 5,000 levels overflowed the stack of
 * every check that walks a body.
 */
export const MAX_JSON_DEPTH = 16;

/** Whether the JSON text nests arrays and objects deeper than `max`: one pass, strings skipped. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Every JSON body, on every route, is refused with 400 before it is parsed when it nests deeper
 * than MAX_JSON_DEPTH; the rest is Fastify's own parser (prototype poisoning refused as before).
 */
export function refuseDeepJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(invalid('nestedTooDeep'), undefined);
      return;
    }
    void parse(req, body as string, done);
  });
}
