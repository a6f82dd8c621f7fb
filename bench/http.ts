/**
 * A small HTTP client for the benchmarks: keep-alive, gzip like a browser, and a source
 * address of its own, so that each simulated user is its own client to the server's
 * per-address rate limits (any 127.x.y.z is loopback on Linux).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';

export type Step = { method: 'GET' | 'POST'; path: string; body?: unknown };

/** A route of the table (packages/contract) with its query, as a URL path. */
export function urlOf(route: { path: string }, query?: Record<string, string | number>): string {
  if (!query) return route.path;
  return `${route.path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
}

/** A call of the route table as a scenario's step. */
export function stepOf(
  route: { method: Step['method']; path: string },
  query?: Record<string, string | number>,
  body?: unknown,
): Step {
  return { method: route.method, path: urlOf(route, query), ...(body === undefined ? {} : { body }) };
}
export type Answer = { status: number; body: Buffer; contentType: string; ms: number };

export class Client {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  constructor(
    private readonly base: URL,
    private readonly localAddress: string,
    public token = '',
  ) {}

  send(step: Step): Promise<Answer> {
    const payload = step.body === undefined ? undefined : Buffer.from(JSON.stringify(step.body));
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        new URL(step.path, this.base),
        {
          method: step.method,
          agent: this.agent,
          localAddress: this.localAddress,
          headers: {
            'accept-encoding': 'gzip',
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (chunk: Buffer) => parts.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(parts);
            resolve({
              status: res.statusCode ?? 0,
              body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw,
              contentType: String(res.headers['content-type'] ?? ''),
              ms: performance.now() - started,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Sends the step and fails unless the server answered 2xx. */
  async expectOk(step: Step): Promise<Answer> {
    const answer = await this.send(step);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${step.method} ${step.path} answered ${answer.status}: ${answer.body.toString('utf8', 0, 300)}`);
    }
    return answer;
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The n-th client address, 127.0.1.1 onwards. */
export const loopbackAddress = (n: number) => `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
