import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as it came: when (ms since 1970), its headers and body, and the status it was answered with. */
type Received = { at: number; headers: IncomingHttpHeaders; body: string; answered: number };

/**
 * A webhook endpoint on loopback, as a PMS would run one: it keeps every request and answers
 * each with the next status of `statuses` (then 200).
 */
export async function webhookReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const plan = [...statuses];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = plan.shift() ?? 200;
      received.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'thanks' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/portal`,
    received,
    /** The answers to come. */
    plan,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
