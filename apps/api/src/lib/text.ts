import { invalid } from './errors';

/**
 * Text PostgreSQL cannot store (NUL), that is not Unicode (a lone surrogate half), or that
 * spreadsheets cannot hold (the other C0 controls; tab and line breaks are fine).
 */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string in `value` holding unstorable text, or null. */
function unstorableTextAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextAt(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses a request whose query, path or body holds unstorable text, naming the field. */
export function refuseUnstorableText(...inputs: unknown[]): void {
  for (const input of inputs) {
    const field = unstorableTextAt(input);
    if (field !== null) throw invalid('unstorableText', field);
  }
}
