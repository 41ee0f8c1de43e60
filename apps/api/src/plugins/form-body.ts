import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { findNul, nulFieldError } from './body-guard';

// Login and get_url_prefix send multipart forms. Routes that take a form add `formFields` as a
// preValidation hook: the text fields become `request.body`, so the zod body schema validates them as usual.
// Such routes declare the form types they take in `schema.consumes` (body-guard.ts refuses any other type).

const MAX_FIELD_BYTES = 10_000;

export async function formFields(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fieldSize: MAX_FIELD_BYTES, fields: 20, files: 0 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
    } else {
      part.file.resume();
      throw new AppError('badRequest');
    }
  }
  const where = findNul(fields);
  if (where !== null) throw nulFieldError(where, request);
  request.body = fields;
}

/** `application/x-www-form-urlencoded` bodies as plain objects (last value wins). */
export function setupUrlEncoded(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 100_000 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
