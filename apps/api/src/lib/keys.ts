import { z } from 'zod';

/**
 * Input property names are case-insensitive (the original server was ASP.NET).
 * A KeyMap records, for each level of a schema, the canonical spelling of every name,
 * so that incoming objects can be rewritten before validation.
 */
export type KeyMap = { keys: Map<string, [string, KeyMap | null]> } | { items: KeyMap } | null;

export function keyMapOf(schema: z.ZodType): KeyMap {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    const keys = new Map<string, [string, KeyMap | null]>();
    for (const [name, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      keys.set(name.toLowerCase(), [name, keyMapOf(child)]);
    }
    return { keys };
  }
  if (inner instanceof z.ZodArray) {
    const items = keyMapOf(inner.element as z.ZodType);
    return items ? { items } : null;
  }
  return null;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
      s = s.unwrap() as z.ZodType;
    } else if (s instanceof z.ZodPipe) {
      s = s.in as z.ZodType;
    } else {
      return s;
    }
  }
}

export function canonicalize(value: unknown, map: KeyMap): unknown {
  if (!map || value === null || typeof value !== 'object') return value;
  if ('items' in map) return Array.isArray(value) ? value.map((v) => canonicalize(v, map.items)) : value;
  if (Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const known = map.keys.get(name.toLowerCase());
    if (known) out[known[0]] = canonicalize(v, known[1]);
    else out[name] = v;
  }
  return out;
}
