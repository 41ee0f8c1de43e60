import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { systemLog } from '../db/schema';
import { REDACTED, redact, redactString, redactUrl, withoutNul } from './redact';

// Every mutating call and every login attempt goes to `system_log`, written after the response
// has been sent (onResponse): it never delays nor fails the request. Secrets are redacted (redact.ts: by key
// at any depth, in keys, loose strings and the URL's query string) and the stored arguments are cut to a few KB.

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_ARGS_CHARS = 4096;

export { REDACTED, redact };

/** Redacted, and replaced by a preview when its JSON is longer than a few KB. */
export function forLog(value: unknown): unknown {
  if (value === undefined) return null;
  const safe = withoutNul(redact(value));
  const text = JSON.stringify(safe);
  if (text === undefined) return null;
  if (text.length <= MAX_ARGS_CHARS) return safe;
  return { truncated: true, length: text.length, preview: text.slice(0, MAX_ARGS_CHARS) };
}

function parseJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

function shouldLog(request: FastifyRequest): boolean {
  const config = request.routeOptions.config;
  if (!config?.access || config.systemLog === false) return false;
  // every call of the marketplace-facing API, reads included: the log names the key that made it
  if (config.access.kind === 'apiKey') return true;
  if (!MUTATING.has(request.method)) return false;
  return (request.routeOptions.url ?? '').startsWith('/api/');
}

export type SystemLogWriter = { flush: () => Promise<void> };

export function setupSystemLog(app: FastifyInstance, db: Db): SystemLogWriter {
  const pending = new Set<Promise<unknown>>();
  const responses = new WeakMap<FastifyRequest, unknown>();

  app.decorateRequest('logContext', null as never);
  app.addHook('onRequest', async (request) => {
    request.logContext = {};
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (shouldLog(request)) responses.set(request, parseJson(payload));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!shouldLog(request)) return;
    const response = responses.get(request) as { success?: boolean; message?: string } | null | undefined;
    const context = request.logContext ?? {};
    // an answer that is not the envelope (a redirect) failed when the route named a refusal
    const success =
      typeof response?.success === 'boolean' ? response.success : !context.error && reply.statusCode < 400;
    const user = request.auth?.user;
    const body = context.args !== undefined ? context.args : request.body;
    const row = {
      account: String(withoutNul((user?.account ?? context.account ?? '').slice(0, 200))),
      companyId: user?.companyId ?? context.companyId ?? null,
      url: String(withoutNul(redactUrl(request.url))).slice(0, 2000),
      method: request.method,
      ip: request.ip ?? '',
      requestArgs: forLog({ params: request.params, query: request.query, body }),
      responseArgs: forLog(response ?? null),
      success,
      statusCode: reply.statusCode,
      errorMessage: success
        ? null
        : String(withoutNul(redactString(context.error ?? response?.message ?? ''))) || null,
      errorKey: success ? null : (context.errorKey ?? null),
      errorParams: success || !context.errorParams ? null : forLog(context.errorParams),
      durationMs: Math.round(reply.elapsedTime),
      apiKeyId: context.apiKeyId ?? null,
    };
    const write = db
      .insert(systemLog)
      .values(row)
      .catch((error: unknown) => request.log.warn({ err: error }, 'system log write failed'))
      .finally(() => pending.delete(write));
    pending.add(write);
  });
  const flush = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  app.addHook('onClose', flush);
  return { flush };
}
