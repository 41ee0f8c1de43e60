import { SUCCESS_CODE } from '@organiser/domain';
import { z } from 'zod';

// Every API body is `{ success, code, message, content }`. Routes return `ok(content)` and declare
// `response: { 200: okSchema(contentSchema) }`; errors are thrown as AppError and turned into the envelope by
// the envelope plugin (plugins/envelope.ts), with the catalogue's HTTP status and the message in the caller's
// language.

export const SUCCESS_MESSAGE = 'success';

export type Ok<T> = { success: true; code: typeof SUCCESS_CODE; message: string; content: T };

export function ok<T>(content: T): Ok<T> {
  return { success: true, code: SUCCESS_CODE, message: SUCCESS_MESSAGE, content };
}

/** Response schema of a successful call whose `content` follows `content`. */
export function okSchema<T extends z.ZodType>(content: T) {
  return z.object({
    success: z.literal(true),
    code: z.literal(SUCCESS_CODE),
    message: z.string(),
    content,
  });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.number().int(),
  message: z.string(),
  content: z.unknown().nullable(),
});
