import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { openIdempotency } from '../db/schema';
import type { Engine, EngineExtensions, WriteContext } from '../engine';
import { AppError } from '../errors';
import { ok, okSchema } from '../http/envelope';
import { hashPassword } from '../security/password';
import { sendCachedRead } from './read-cache';
import type { AfterCommitWork, OpenCaller, OpenContext, OpenRoute } from './types';

// Serves every route modules declared with `ext.openRoute` under /api/open/v1. The key and its scope are
// checked with the other access rules, before the body is read (access/access-check.ts → open/keys.ts);
// params, query and body are validated with the route's zod schemas (a bad body is a 400 listing each field,
// a bad parameter a 400 naming it, as on the console's routes). A POST needs an `Idempotency-Key`: the
// handler's writes and the stored answer share one transaction, so a retry answers what the first call
// answered and writes nothing. What the write needs to exist first (a month partition) is made by the route's
// `prepare` before that transaction begins.

export const OPEN_PREFIX = '/api/open/v1';
export const OPEN_TAG = 'Marketplace';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An open route's request and response examples, shown in the API document (plugins/api-docs.ts). */
    openExamples?: OpenRoute['examples'];
  }
}

type Served = { engine: Engine; extensions: EngineExtensions; routes: readonly OpenRoute[] };

/** The engine's write context of one entity, acting as the key: history and `created_by` name no user
 * (actor id null), the account is `key:<name>`; no row scope (a key's scope is the route's). */
function keyWriteContext(
  app: FastifyInstance,
  served: Served,
  db: Db,
  caller: OpenCaller,
  lang: 'en' | 'zh',
) {
  return (name: string): WriteContext => {
    const entity = served.engine.get(name);
    if (!entity) throw new Error(`open route: no entity ${name}`);
    return {
      db,
      engine: served.engine,
      entity,
      actor: { id: null, account: `key:${caller.keyName}` },
      lang,
      rowScope: null,
      apiKeyId: caller.keyId,
      hashPassword: (plain) => hashPassword(plain, app.config.server.passwordHash),
      extensions: served.extensions,
    };
  };
}

function openContext(
  app: FastifyInstance,
  served: Served,
  request: FastifyRequest,
  db: Db,
  pending?: AfterCommitWork[],
): OpenContext {
  const caller = request.openCaller;
  if (!caller) throw new AppError('apiKeyInvalid');
  return {
    db,
    caller,
    lang: request.lang,
    now: new Date(),
    timeZone: app.config.deployment.statistics.timeZone,
    projection: app.config.deployment.statistics.projection,
    engine: served.engine,
    extensions: served.extensions,
    writeContext: keyWriteContext(app, served, db, caller, request.lang),
    afterCommit: (work) => (pending ? pending.push(work) : work()),
    storage: app.storage,
  };
}

/** The answer's JSON, checked against the route's response schema (as Fastify's serializer would). */
function answerText(route: OpenRoute, data: unknown): string {
  const parsed = route.response.safeParse(data);
  if (!parsed.success) throw new Error(`open route ${route.operationId}: answer does not match its schema`);
  return JSON.stringify(ok(parsed.data));
}

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + stableJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // keys are distinct, so the default order (by UTF-16 code units) is the only one
  const keys = Object.keys(record).sort();
  out = '{';
  for (let i = 0; i < keys.length; i++)
    out += `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:${stableJson(record[keys[i]!])}`;
  return `${out}}`;
}

function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) throw new AppError('idempotencyKeyMissing');
  return key;
}

type Input = { params: unknown; query: unknown; body: unknown };

/** A write: runs once per (key, Idempotency-Key); a retry gets the stored answer. Two concurrent calls with
 * one key: the second's insert waits on the first's row, then finds it and answers what it stored. The
 * request hash covers the input, its body replaced by `hashed` when given (an upload's digest). */
async function serveWrite(
  app: FastifyInstance,
  served: Served,
  route: OpenRoute,
  request: FastifyRequest,
  input: Input,
  hashed?: unknown,
): Promise<{ status: number; text: string }> {
  const idempotencyKey = idempotencyKeyOf(request);
  const apiKeyId = request.openCaller!.keyId;
  const covered = hashed === undefined ? input : { ...input, body: hashed };
  const requestHash = createHash('sha256')
    .update(stableJson({ method: request.method, url: request.url.split('?')[0], ...covered }))
    .digest('hex');
  if (route.prepare) await route.prepare(input, { db: app.db, engine: served.engine, now: new Date() });
  const pending: AfterCommitWork[] = [];
  const fresh = await app.db.transaction(async (tx) => {
    const held = await tx
      .insert(openIdempotency)
      .values({ apiKeyId, idempotencyKey, requestHash, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ key: openIdempotency.idempotencyKey });
    if (!held.length) return null;
    const text = answerText(
      route,
      await route.handler(input, openContext(app, served, request, tx as Db, pending)),
    );
    await tx
      .update(openIdempotency)
      .set({ statusCode: 200, response: { text } })
      .where(and(eq(openIdempotency.apiKeyId, apiKeyId), eq(openIdempotency.idempotencyKey, idempotencyKey)));
    return { status: 200, text };
  });
  // the answer waits for what follows the commit (a notification's mail), so a caller reading next finds it
  await Promise.allSettled(pending.map(async (work) => work()));
  if (fresh) return fresh;
  const [stored] = await app.db
    .select()
    .from(openIdempotency)
    .where(and(eq(openIdempotency.apiKeyId, apiKeyId), eq(openIdempotency.idempotencyKey, idempotencyKey)));
  if (!stored || stored.requestHash !== requestHash || stored.statusCode === 0)
    throw new AppError('idempotencyKeyReused', { params: { key: idempotencyKey.slice(0, 100) } });
  return { status: stored.statusCode, text: (stored.response as { text: string }).text };
}

function sendJson(reply: FastifyReply, answer: { status: number; text: string }) {
  return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.text);
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The per-key limit (`rateLimit.openPerSecond`), counted through Redis when there is one (the app's store). */
function keyLimiter(app: FastifyInstance): Limiter {
  return app.createRateLimit({
    max: app.config.deployment.rateLimit.openPerSecond,
    timeWindow: 1000,
    counterName: 'open-key',
    keyGenerator: (request: FastifyRequest) => String(request.openCaller?.keyId ?? ''),
  } as Parameters<FastifyInstance['createRateLimit']>[0]);
}

/** A multipart write: the form is read and checked first (the Idempotency-Key is checked before it is read),
 * then written once per key as any write; what the form left behind is released whatever happened. */
async function serveMultipartWrite(
  app: FastifyInstance,
  served: Served,
  route: OpenRoute & { multipart: NonNullable<OpenRoute['multipart']> },
  request: FastifyRequest,
) {
  idempotencyKeyOf(request);
  const { body, hashed } = await route.multipart.receive(request);
  let failure: unknown = null;
  try {
    return await serveWrite(
      app,
      served,
      route,
      request,
      { params: request.params, query: request.query, body },
      hashed,
    );
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    await route.multipart.release(request, body, failure);
  }
}

function serveRoute(app: FastifyInstance, served: Served, route: OpenRoute, limiter: Limiter): void {
  const perSecond = app.config.deployment.rateLimit.openPerSecond;
  app.route({
    method: route.method,
    url: route.url,
    config: {
      access: { kind: 'apiKey', scope: route.scope },
      openExamples: route.examples,
      // per address: a key's own budget (the per-key limit below is the one that counts)
      rateLimit: { max: perSecond * 60, timeWindow: 60_000 },
    },
    // after the key's check (access-check.ts), before the body is read
    preParsing: async (request, reply, payload) => {
      const limited = await limiter(request);
      if (!limited.isAllowed && limited.isExceeded) {
        reply.header('retry-after', String(Math.max(1, limited.ttlInSeconds)));
        throw new AppError('tooManyRequests');
      }
      return payload;
    },
    schema: {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [OPEN_TAG],
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: okSchema(route.response) },
    },
    handler: async (request, reply) => {
      if (route.multipart)
        return sendJson(
          reply,
          await serveMultipartWrite(app, served, { ...route, multipart: route.multipart }, request),
        );
      const input = { params: request.params, query: request.query, body: request.body };
      if (route.method === 'POST')
        return sendJson(reply, await serveWrite(app, served, route, request, input));
      const { cache } = route;
      if (cache)
        return sendCachedRead({
          db: app.db,
          request,
          reply,
          cache,
          make: async () =>
            answerText(route, await route.handler(input, openContext(app, served, request, app.db))),
        });
      const data = await route.handler(input, openContext(app, served, request, app.db));
      return sendJson(reply, { status: 200, text: answerText(route, data) });
    },
  });
}

/** Registers every declared open route under /api/open/v1 (buildApp, after the modules registered theirs). */
export async function serveOpenRoutes(app: FastifyInstance, served: Served): Promise<void> {
  await app.register(
    async (scope) => {
      const limiter = keyLimiter(scope);
      for (const route of served.routes) serveRoute(scope, served, route, limiter);
    },
    { prefix: OPEN_PREFIX },
  );
}
