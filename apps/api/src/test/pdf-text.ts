import { inflateSync } from 'node:zlib';

/** The text a PDF shows, in order: its content streams inflated, their strings decoded. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const line of content.split('\n')) {
      const strings = [...line.matchAll(/<([0-9a-f]+)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'));
      if (strings.length) out.push(strings.join(''));
    }
  }
  return out.join('\n');
}
