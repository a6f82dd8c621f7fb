import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

const PROGRESS_TYPE = 'application/x-ndjson';

/**
 * The answer of a call that streams its progress (`streamsProgress`), when the client asked for
 * it (`Accept: application/x-ndjson`): a line `{"progress": share}` each time the work tells how
 * far it got, then the envelope as the last line. The first line sends the status (200): from
 * then on the envelope's own `statusCode` tells how the work ended. Work that fails before its
 * first line is answered as any call is.
 */
export class ProgressLines {
  private lines: PassThrough | null = null;

  private constructor(private readonly reply: FastifyReply) {}

  /** The stream of the request, or none when the call does not stream or the client did not ask. */
  static of(streams: boolean | undefined, req: FastifyRequest, reply: FastifyReply): ProgressLines | null {
    return streams && String(req.headers.accept ?? '').includes(PROGRESS_TYPE) ? new ProgressLines(reply) : null;
  }

  get started(): boolean {
    return this.lines !== null;
  }

  readonly progress = (share: number): void => {
    if (!this.lines) {
      this.lines = new PassThrough();
      void this.reply.type(PROGRESS_TYPE).send(this.lines);
    }
    this.lines.write(`${JSON.stringify({ progress: Math.round(share * 1000) / 1000 })}\n`);
  };

  /** Ends the answer with its envelope. */
  end(envelope: unknown): FastifyReply {
    this.lines!.end(`${JSON.stringify(envelope)}\n`);
    return this.reply;
  }
}
