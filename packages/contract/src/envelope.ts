import { z } from 'zod';
import type { MessageParams } from './messages';

/** The values of a message's {{placeholders}}, by name. */
export const messageParams = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe("The values of the message's {{placeholders}}, by name");

/**
 * The response envelope every API call answers with. `message` is the English text;
 * `messageCode` and `messageParams` (present whenever `message` is) name it in the
 * contract's catalogue, so that a client shows it in its user's language.
 */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    result,
    message: z.string().nullable().describe('The English text of the message, if any'),
    messageCode: z
      .string()
      .optional()
      .describe("The message's code in the contract's catalogue (`msg.<code>` of the web app's catalogues)"),
    messageParams: messageParams.optional(),
    statusCode: z.int32(),
    exceptionMessage: z.string().nullable(),
  });
}

export const fieldError = z.object({
  field: z.string(),
  code: z.string().describe("The field's message code in the contract's catalogue"),
  message: z.string().describe('The English text of the message'),
  params: messageParams.optional(),
});
export type FieldError = z.infer<typeof fieldError>;

/**
 * The result of a failed call: `code` is the category of the failure (`invalid`,
 * `forbidden`, `conflict`, …, one per status); the envelope's `messageCode` says which
 * one it is. `errors` lists invalid fields for status 400.
 */
export const errorResult = z.object({
  code: z.string().describe('The category of the failure (invalid, unauthenticated, forbidden, notFound, conflict, …)'),
  errors: z.array(fieldError).optional(),
});
export const errorEnvelope = envelope(errorResult.nullable());
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = {
  success: boolean;
  result: T;
  message: string | null;
  messageCode?: string;
  messageParams?: MessageParams;
  statusCode: number;
  exceptionMessage: string | null;
};

export const idValue = z.object({ id: z.int32(), value: z.string() });
export type IdValue = z.infer<typeof idValue>;

export const emptyResult = z.null();
