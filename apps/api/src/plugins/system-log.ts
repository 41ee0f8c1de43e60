import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { systemLog } from '../db/schema';
import { isPlainObject, REDACTED, redact, redactString, redactUrl, withoutNul } from './redact';

// Every mutating call and every login attempt goes to `system_log`, written after the response
// has been sent (onResponse): it never delays nor fails the request. Secrets are redacted (redact.ts: by key
// at any depth, in keys, loose strings and the URL's query string) and the stored arguments are cut to a few KB.

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_ARGS_CHARS = 4096;

export { REDACTED, redact };

/**
 * Redacted, and replaced by a preview when its JSON is longer than a few KB. Only the part the preview can show is
 * redacted and copied: a batch of 500 events or a page of 100 records is walked for its first few KB, not whole.
 */
export function forLog(value: unknown): unknown {
  if (value === undefined) return null;
  const whole = JSON.stringify(value);
  if (whole === undefined) return null;
  const part =
    whole.length <= MAX_ARGS_CHARS ? { value, cut: false } : leadingPart(value, 2 * MAX_ARGS_CHARS);
  const safe = withoutNul(redact(part.value));
  const text = JSON.stringify(safe);
  if (!part.cut && text.length <= MAX_ARGS_CHARS) return safe;
  return { truncated: true, length: whole.length, preview: text.slice(0, MAX_ARGS_CHARS) };
}

/**
 * The leading part of a parsed value whose JSON runs to at least about `budget` characters: array items and object
 * keys after that are left out. What is kept is whole (a string is never cut here), so its JSON is the start of the
 * value's own; anything but plain objects and arrays is kept as it is.
 */
function leadingPart(value: unknown, budget: number): { value: unknown; cut: boolean } {
  let left = budget;
  let cut = false;
  const walk = (v: unknown): unknown => {
    if (!Array.isArray(v) && !isPlainObject(v)) {
      // what its JSON takes at least (a number or true as written; an object kept as it is, a little)
      left -=
        typeof v === 'string' ? v.length + 2 : v !== null && typeof v === 'object' ? 2 : String(v).length;
      return v;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) {
        if (left <= 0) {
          cut = true;
          break;
        }
        out.push(walk(item));
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      if (left <= 0) {
        cut = true;
        break;
      }
      left -= key.length + 3;
      out[key] = walk(item);
    }
    return out;
  };
  const part = walk(value);
  return { value: part, cut };
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
