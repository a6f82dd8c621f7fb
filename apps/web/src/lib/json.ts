/**
 * Checks of JSON values written by hand, for start-up code (stored values, the answer
 * envelope): the start-up bundle carries no schema library; zod arrives with the pages.
 */
export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isInteger = (value: unknown): value is number => Number.isInteger(value);

export const isString = (value: unknown): value is string => typeof value === 'string';

/** An object whose named properties are all booleans. */
export const hasFlags = (value: unknown, ...keys: string[]): boolean =>
  isObject(value) && keys.every((key) => typeof value[key] === 'boolean');
