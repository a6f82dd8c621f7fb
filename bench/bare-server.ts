/**
 * The yardstick: bare Fastify with the portal's compression, answering each scenario step
 * with the portal's own answer to it, from memory. What the portal takes beyond this is
 * its own work: authentication, scope, queries and serialisation.
 *
 *   node --import tsx bench/bare-server.ts <answers.json> <port>
 */
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import Fastify from 'fastify';

export type CapturedAnswers = Record<string, { contentType: string; body: string }>;

const [file, port] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file!, 'utf8')) as CapturedAnswers).map(([key, a]) => [
    key,
    { contentType: a.contentType, body: Buffer.from(a.body, 'base64') },
  ]),
);

const app = Fastify({ logger: false });
await app.register(compress, { threshold: 2048 });
app.route({
  method: ['GET', 'POST'],
  url: '/bare/:scenario/:step',
  handler: async (req, reply) => {
    const { scenario, step } = req.params as { scenario: string; step: string };
    const answer = answers.get(`${scenario}/${step}`);
    if (!answer) return reply.code(404).send({ error: 'no captured answer' });
    return reply.type(answer.contentType).send(answer.body);
  },
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
