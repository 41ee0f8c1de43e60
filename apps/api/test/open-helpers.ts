import type { OpenScope } from '@organiser/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { login } from './helpers';

// Helpers for tests of the marketplace-facing API (/api/open/v1): issue a key the way staff do (add the
// record, then the `issue` command that answers the key once), and call an open route with it.

export type IssuedKey = { id: number; key: string; prefix: string };

/** Adds an API key record as the admin and issues its secret: the full key, its record id and prefix. */
export async function issueApiKey(
  app: FastifyInstance,
  options: { scopes: readonly OpenScope[]; name?: string; expiresAt?: string | null; token?: string },
): Promise<IssuedKey> {
  const token = options.token ?? (await login(app));
  const name = options.name ?? `key-${Math.random().toString(36).slice(2, 10)}`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/api_key',
    headers: { 'x-token': token },
    payload: { name, scopes: options.scopes, expiresAt: options.expiresAt ?? null },
  });
  if (created.statusCode !== 200) throw new Error(`api key create: ${created.statusCode} ${created.body}`);
  const id = created.json().content.id as number;
  const issued = await app.inject({
    method: 'POST',
    url: `/api/api_key/issue/${id}`,
    headers: { 'x-token': token },
    payload: {},
  });
  if (issued.statusCode !== 200) throw new Error(`api key issue: ${issued.statusCode} ${issued.body}`);
  const { key, prefix } = issued.json().content as { key: string; prefix: string };
  return { id, key, prefix };
}

/** The secret part of a key `omk_<prefix>_<secret>`: everything after the prefix (base64url may hold "_"). */
export function secretOf(key: string): string {
  const [, prefix = ''] = key.split('_');
  return key.slice(`omk_${prefix}_`.length);
}

/** Calls an open route (`url` relative to /api/open/v1) with the key as `Authorization: Bearer`. A POST
 * gets a fresh Idempotency-Key unless one is given (`idempotencyKey: null` sends none). */
export function openCall(
  app: FastifyInstance,
  key: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  options: { idempotencyKey?: string | null; headers?: Record<string, string>; lang?: 'en' | 'zh' } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (key) headers.authorization = `Bearer ${key}`;
  if (options.lang) headers['accept-language'] = options.lang;
  if (method === 'POST') {
    const idempotencyKey =
      options.idempotencyKey === undefined
        ? `idem-${Math.random().toString(36).slice(2)}`
        : options.idempotencyKey;
    if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  }
  return app.inject({
    method,
    url: `/api/open/v1${url.startsWith('/') ? url : `/${url}`}`,
    headers,
    ...(body === undefined ? {} : { payload: body as never }),
  });
}
