import fc from 'fast-check';

/** The part of JSON Schema the OpenAPI document uses. */
export type Schema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
};

export type Operation = {
  method: string;
  path: string;
  /** Path parameters and query parameters, told apart by `in`. */
  params: Array<{ in: 'path' | 'query'; name: string; required: boolean; schema: Schema }>;
  body: Schema | null;
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
};

/** Every operation of the document with its query parameters and JSON body. */
export function operationsOf(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? [])
        .filter((p) => p.in === 'query' || p.in === 'path')
        .map((p) => ({ in: p.in as 'path' | 'query', name: p.name, required: p.required ?? false, schema: p.schema })),
      body: op.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
}

/**
 * What careless and hostile clients send: numbers past every integer type, text PostgreSQL
 * cannot store (NUL, lone surrogates), huge and empty text, the wrong type, injection text.
 */
const hostileValues: readonly unknown[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -1,
  0,
  1e308,
  0.5,
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  'x'.repeat(5_000),
  '',
  ' ',
  "' or 1=1 --",
  '<img src=x onerror=alert(1)>',
  '1e999',
  'NaN',
  '9999-99-99T99:99:99Z',
  null,
  true,
  [],
  {},
  [1, 2, 3],
];

/** Valid values for a schema; integers mostly from `ids`, so that requests reach past the lookups. */
export function valueOf(schema: Schema, ids: readonly number[], depth = 0): fc.Arbitrary<unknown> {
  return validOf(schema, ids, depth);
}

type Path = Array<string | number>;

function leaves(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [path, ...entries.flatMap(([k, v]) => leaves(v, [...path, k]))];
}

function replaced(value: unknown, path: Path, by: unknown): unknown {
  if (!path.length) return by;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

/**
 * A valid value with, most of the time, one position (a field, an item, the whole) replaced by
 * a hostile value, so each request tests one bad input behind otherwise good ones.
 */
export function withOneHostile<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc
    .tuple(valid, fc.nat(), fc.constantFrom(...hostileValues), fc.integer({ min: 0, max: 9 }))
    .map(([v, pick, bad, roll]) => {
      if (roll < 3) return v;
      const paths = leaves(v).filter((p) => p.length > 0);
      return paths.length ? (replaced(v, paths[pick % paths.length]!, bad) as T) : v;
    });
}

function validOf(schema: Schema, ids: readonly number[], depth: number): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => validOf(s, ids, depth)));
  if (schema.allOf?.length) return validOf(Object.assign({}, ...schema.allOf) as Schema, ids, depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const plain = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
        return fc.oneof(
          fc.constantFrom(...ids),
          fc.integer({
            min: Math.max(schema.minimum ?? -1_000, -1_000),
            max: Math.min(schema.maximum ?? 1_000, 1_000),
          }),
        );
      case 'number':
        return fc.oneof(fc.integer({ min: -10, max: 1_000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
      case 'boolean':
        return fc.boolean();
      case 'string':
        return stringOf(schema);
      case 'array':
        return depth > 3 || !schema.items
          ? fc.constant([])
          : fc.array(valueOf(schema.items, ids, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
      case 'object':
        return objectOf(schema, ids, depth);
      default:
        return fc.oneof(fc.string(), fc.integer());
    }
  })();
  return schema.nullable ? fc.oneof(plain, fc.constant(null)) : plain;
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // a pattern fast-check cannot generate from (lookahead): plain text, mostly refused
    }
  }
  return fc.string({
    unit: 'grapheme-ascii',
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
  });
}

/** An object with its required properties (now and then one missing) and some of its optional ones. */
export function objectOf(schema: Schema, ids: readonly number[], depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const record = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([k, s]) => [k, valueOf(s, ids, depth + 1)]),
  );
  const required = schema.required ?? [];
  const value = fc.record(record, { requiredKeys: required });
  if (!required.length) return value;
  const missingOne = fc.oneof(
    { weight: 8, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...required) },
  );
  return fc.tuple(value, missingOne).map(([v, missing]) => {
    if (missing === null) return v;
    const { [missing]: _, ...rest } = v;
    return rest;
  });
}

/**
 * The URL of a request: path parameters put in place, the rest as the query string a client
 * would put on the wire. Text that is not valid Unicode (a lone surrogate) goes as the bytes
 * such a client sends, which are not valid UTF-8.
 */
export function urlOf(op: Operation, params: Record<string, unknown>): string {
  const encode = (v: unknown) =>
    [...(typeof v === 'object' ? JSON.stringify(v) : String(v))]
      .map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
      .join('');
  const inPath = new Set(op.params.filter((p) => p.in === 'path').map((p) => p.name));
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(params[name] ?? ''));
  const query = Object.entries(params)
    .filter(([k, v]) => v !== undefined && !inPath.has(k))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}
