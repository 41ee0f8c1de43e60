import type { ErrorKey } from '@organiser/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { firstParameterName, toFieldErrors, type ValidationIssue } from './validation';

// Errors thrown anywhere become the response envelope (http/envelope.ts) here, with the catalogue's HTTP status
// and the message in the caller's language.

export { errorEnvelopeSchema, ok, okSchema, SUCCESS_MESSAGE } from '../http/envelope';

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  request.logContext ??= {};
  request.logContext.error = error.message;
  request.logContext.errorKey = error.key;
  request.logContext.errorParams = error.params;
  return reply.status(error.status).send({
    success: false,
    code: error.code,
    message: error.messageIn(request.lang),
    content: error.content ?? null,
  });
}

const statusKeys: Record<number, ErrorKey> = {
  400: 'badRequest',
  401: 'tokenInvalid',
  403: 'forbidden',
  404: 'notFound',
  405: 'notFound',
  406: 'badRequest',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'badRequest',
  429: 'tooManyRequests',
  503: 'unavailable',
};

const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form)|Malformed part header|Multipart: Boundary not found|Part terminated early)/;

type PgLikeError = { code?: string; cause?: unknown };

/** PostgreSQL error codes that mean the caller sent something the data does not allow. */
function fromDatabaseError(error: unknown): AppError | null {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i++) {
    // The database client's own refusals (db/client.ts: a statement past its timeout) arrive wrapped by Drizzle.
    if (current instanceof AppError) return current;
    const code = (current as PgLikeError).code;
    if (code === '57014') return new AppError('queryTimeout');
    if (code === '23505' || code === '23503' || code === '40001') return new AppError('conflict');
    // 22021/22P05: a NUL character (body-guard.ts refuses it first; this covers imported files).
    if (
      code === '22P02' ||
      code === '22003' ||
      code === '22007' ||
      code === '22008' ||
      code === '22021' ||
      code === '22P05'
    )
      return new AppError('badRequest');
    current = (current as PgLikeError).cause;
  }
  return null;
}

/** "This address is not valid": a path that does not decode, or one the file server refuses. */
export const badPathError = (request: FastifyRequest) =>
  new AppError('badPath', { params: { url: request.url.split('?')[0] ?? '' } });

/** The file server's routes (the console's files and the uploads), whose own refusals are about the path. */
const isFileRoute = (request: FastifyRequest) => {
  const url = request.routeOptions.url ?? '';
  return url === '/*' || url === '/uploads/*';
};

/** Maps anything thrown while handling a request to an AppError; null = a server fault (500, logged). */
export function toAppError(error: unknown, request: FastifyRequest): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation as unknown as ValidationIssue[];
    const where = (error as { validationContext?: string }).validationContext;
    if (where === 'querystring' || where === 'params' || where === 'headers') {
      return new AppError('badParameter', { params: { name: firstParameterName(issues) } });
    }
    return AppError.fields(toFieldErrors(issues, request.body, request.lang));
  }
  const fe = error as FastifyError;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError('payloadTooLarge', {
      params: { max: formatBytes(request.routeOptions.bodyLimit ?? 0) },
    });
  }
  const db = fromDatabaseError(error);
  if (db) return db;
  // The multipart parser's own errors for a malformed form (plain Errors without a status).
  if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) return new AppError('badRequest');
  const status = fe.statusCode;
  // The file server refuses a path that leaves its folder or holds a NUL character: a bad address, not a
  // missing permission
  if (fe.code === 'FST_STATIC_FORBIDDEN_PATH' || (status === 403 && isFileRoute(request))) {
    return badPathError(request);
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const key = statusKeys[status] ?? 'badRequest';
    if (key === 'payloadTooLarge') {
      return new AppError(key, { params: { max: formatBytes(request.routeOptions.bodyLimit ?? 0) } });
    }
    return new AppError(key);
  }
  return null;
}

export function setupEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, request);
    if (appError) {
      if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, appError);
    }
    // Never a stack to the client: log it, answer the catalogue's generic 500.
    request.log.error({ err: error }, 'unhandled error');
    const internal = new AppError('internal');
    request.logContext ??= {};
    request.logContext.error = error instanceof Error ? error.message : String(error);
    return reply.status(internal.status).send({
      success: false,
      code: internal.code,
      message: internal.messageIn(request.lang),
      content: null,
    });
  });
}
