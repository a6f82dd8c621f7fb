import type { z } from 'zod';
import { type MessageCode, messageText } from '../messages';

/** Every problem a schema finds in a value as `path: English text`, in the order the user would read them. */
export function problems(schema: z.ZodType, value: unknown): string[] {
  const res = schema.safeParse(value);
  if (res.success) return [];
  return res.error.issues.map((i) => `${i.path.join('.')}: ${messageText(i.message as MessageCode)}`);
}
