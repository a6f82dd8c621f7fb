import { z } from 'zod';

/** The response envelope every API call answers with. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    result,
    message: z.string().nullable(),
    statusCode: z.int32(),
    exceptionMessage: z.string().nullable(),
  });
}

export const fieldError = z.object({ field: z.string(), code: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/** The envelope of a failed call: `result.errors` lists invalid fields for status 400. */
export const errorResult = z.object({ code: z.string(), errors: z.array(fieldError).optional() });
export const errorEnvelope = envelope(errorResult.nullable());
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = {
  success: boolean;
  result: T;
  message: string | null;
  statusCode: number;
  exceptionMessage: string | null;
};

export const idValue = z.object({ id: z.int32(), value: z.string() });
export type IdValue = z.infer<typeof idValue>;

export const emptyResult = z.null();
