import { Readable } from 'node:stream';
import { validationMessage } from '@organiser/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

// What a request body may be, checked on every /api route before a handler sees it:
// - A body's content type is one the route declares in `schema.consumes` (JSON when it declares none); anything
//   else is a 415 before the body is read, so a JSON text sent as text/plain or a form never reaches a handler as an
//   "empty" body. A multipart form without a boundary is a 400 (the multipart parser cannot split it).
// - An empty form (multipart or URL-encoded, no field at all) on a route that does not take forms is no body:
//   clients built for vue-element-admin send one on every POST, also on calls that take none (enable, reset
//   password…). A route that needs a body refuses it as it refuses a missing one.
// - A JSON body is an object: `null`, a number, a string, a boolean or an array is a 400.
// - No text anywhere (query, path, body keys and values, form fields) holds the NUL character: PostgreSQL
//   cannot store it in text or jsonb, so it would otherwise surface as a server error.
// - A body nests at most MAX_DEPTH levels.

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const JSON_TYPE = 'application/json';
export const MULTIPART_TYPE = 'multipart/form-data';
/** Deepest nesting a body may have: far more than any route's schema, far less than a stack. */
export const MAX_DEPTH = 32;

/** The media type of a Content-Type header, lower-cased, without parameters ('' when absent). */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

function isApiRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** The content types the route takes: its `schema.consumes`, else JSON only. */
export function acceptedTypes(request: FastifyRequest): string[] {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.length ? consumes.map((c) => c.toLowerCase()) : [JSON_TYPE];
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) !== 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/** Refuses a content type the route does not take; runs before the body is read. */
export function checkContentType(request: FastifyRequest): void {
  if (!BODY_METHODS.has(request.method) || !isApiRoute(request)) return;
  const header = request.headers['content-type'];
  const type = mediaTypeOf(header);
  const accepted = acceptedTypes(request);
  // The multipart parser needs the boundary even to find out that a form is empty.
  if (type === MULTIPART_TYPE && accepted.includes(type) && !/;\s*boundary=\S/i.test(header ?? '')) {
    throw new AppError('multipartNoBoundary');
  }
  // A type the route does not take is refused even with an empty body: a handler must never mistake a form
  // or a text for "no body".
  if (!type && !hasBody(request)) return;
  if (!type || !accepted.includes(type)) {
    throw new AppError('unsupportedMediaType', {
      params: { expected: accepted.join(', '), received: type ? type.slice(0, 100) : 'no Content-Type' },
    });
  }
}

const FORM_TYPES = new Set([MULTIPART_TYPE, 'application/x-www-form-urlencoded']);
/** An empty form is a few dozen bytes (the closing boundary, at most 70 characters); longer ones hold fields. */
const EMPTY_FORM_MAX_BYTES = 200;

async function readSmall(payload: NodeJS.ReadableStream, max: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > max) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('latin1');
}

/**
 * True when the request carries an empty form that the route does not take as a form (read here, before the
 * body parsers); the request then goes on as one without a body.
 */
async function isEmptyForm(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<boolean> {
  if (!BODY_METHODS.has(request.method) || !isApiRoute(request)) return false;
  const header = request.headers['content-type'];
  const type = mediaTypeOf(header);
  if (!FORM_TYPES.has(type) || acceptedTypes(request).includes(type)) return false;
  // a multipart type without its boundary is malformed, empty or not
  const boundary = /;\s*boundary=("?)([^";]+)\1/i.exec(header ?? '')?.[2];
  if (type === MULTIPART_TYPE && boundary === undefined) return false;
  if (!hasBody(request)) return true;
  const length = Number(request.headers['content-length'] ?? Number.NaN);
  if (!Number.isInteger(length) || length > EMPTY_FORM_MAX_BYTES) return false;
  const text = await readSmall(payload, EMPTY_FORM_MAX_BYTES);
  if (text === null) return false;
  return text.trim() === (type === MULTIPART_TYPE ? `--${boundary}--` : '');
}

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const hasNul = (text: string) => text.includes('\u0000');

/**
 * The dotted path of the first key or text holding a NUL character, walking iteratively (a deep body cannot
 * overflow the stack); throws when the value nests deeper than MAX_DEPTH.
 */
export function findNul(value: unknown): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasNul(current)) return path.join('.') || '(body)';
      continue;
    }
    if (!current || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (path.length >= MAX_DEPTH) {
      throw new AppError('bodyTooDeep', { params: { max: MAX_DEPTH } });
    }
    const entries = Array.isArray(current)
      ? current.map((v, i) => [String(i), v] as const)
      : Object.entries(current);
    for (const [key, child] of entries) {
      if (hasNul(key)) return [...path, key.replaceAll('\u0000', '\\u0000')].join('.');
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** A validation refusal naming the body field (or form field) that holds a NUL character. */
export function nulFieldError(path: string, request: FastifyRequest): AppError {
  return AppError.fields([{ path, message: validationMessage('nulCharacter', request.lang) }]);
}

/** Refuses NUL characters in the query, the path parameters and the body. */
export function checkNoNul(request: FastifyRequest): void {
  for (const source of [request.query, request.params]) {
    const where = findNul(source);
    if (where !== null) throw new AppError('nulCharacter', { params: { name: where } });
  }
  const where = findNul(request.body);
  if (where !== null) throw nulFieldError(where, request);
}

export function setupBodyGuard(app: FastifyInstance): void {
  // preParsing: after the access check (a refused caller learns nothing about the body rules), before the
  // body is read.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (await isEmptyForm(request, payload)) {
      delete request.headers['content-type'];
      request.headers['content-length'] = '0';
      return Readable.from([]);
    }
    checkContentType(request);
    return payload;
  });
  app.addHook('preValidation', async (request) => {
    if (!isApiRoute(request)) return;
    if (BODY_METHODS.has(request.method) && request.body !== undefined) {
      const type = mediaTypeOf(request.headers['content-type']);
      const body = request.body;
      if (type === JSON_TYPE && (body === null || typeof body !== 'object' || Array.isArray(body))) {
        throw new AppError('bodyNotObject', { params: { received: jsonKind(body) } });
      }
    }
    checkNoNul(request);
  });
}
