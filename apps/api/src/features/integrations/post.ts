import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { publicOnlyLookup } from './address';

/** What an endpoint answered: its status and the start of its body, or why there was no answer (status null). */
export type PostOutcome = { status: number | null; excerpt: string };

const EXCERPT_BYTES = 500;

/**
 * POSTs a body to a webhook endpoint: no redirect followed, at most `timeoutMs` in all, only
 * the first bytes of the answer read. Never throws: a failure is an outcome.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < EXCERPT_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) res.destroy();
      });
      const done = () =>
        resolve({
          status: res.statusCode ?? null,
          excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_BYTES),
        });
      res.on('end', done);
      res.on('close', done);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: null, excerpt: err.code ?? err.message }));
    req.end(body);
  });
}
