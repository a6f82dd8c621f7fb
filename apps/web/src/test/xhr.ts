import { vi } from 'vitest';

/** A request sent through the faked XMLHttpRequest: what the app sent. */
export type SentRequest = { method: string; url: URL; headers: Headers; body: Blob };
/** What the server answers: its status and the lines it streams (progress lines, then the envelope); `ends: false` while it works on. */
type Streamed = { status?: number; lines: unknown[]; ends?: boolean };

/** An answer's envelope around a result, or a failure's (`status` 400 and up). */
export const envelopeOf = (result: unknown, { status = 200, message = null as string | null } = {}) => ({
  success: status < 300,
  result,
  message,
  statusCode: status,
  exceptionMessage: null,
});

/**
 * XMLHttpRequest faked for the calls that send a file (`sendFile`): the upload reports half and
 * then all of the file, the answer's lines arrive one at a time, each with a progress event.
 */
export function fakeXhr(answer: (request: SentRequest) => Streamed) {
  const sent: SentRequest[] = [];
  class FakeXhr {
    readonly upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onprogress: (() => void) | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private readonly headers = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    abort() {
      this.onabort?.();
    }

    send(body: Blob) {
      const request = { method: this.method, url: new URL(this.url, 'http://localhost'), headers: this.headers, body };
      sent.push(request);
      void (async () => {
        for (const loaded of [body.size / 2, body.size]) {
          await Promise.resolve();
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: body.size });
        }
        const { status = 200, lines, ends = true } = answer(request);
        this.status = status;
        for (const line of lines) {
          await Promise.resolve();
          this.responseText += `${JSON.stringify(line)}\n`;
          this.onprogress?.();
        }
        if (ends) this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent };
}
