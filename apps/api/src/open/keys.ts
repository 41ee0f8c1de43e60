import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { OPEN_SCOPES, type OpenScope } from '@organiser/domain';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { apiKeySecret, entityTables } from '../db/schema';
import { AppError } from '../errors';
import type { OpenCaller } from './types';

// Marketplace API keys: `omk_<prefix>_<secret>`. The prefix (12 hex characters) is public: shown on the key's
// record and used to find it by its unique index. The secret is 256 random bits, stored as its sha-256 hash
// (a slow hash adds nothing to a secret of that size, and would cost every request). Each request looks its
// key up afresh, so a revoked or expired key is refused at once on every node.

const KEY_PATTERN = /^omk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
/** `last used` is written at most this often per key. */
const LAST_USED_EVERY_MS = 60_000;

const apiKey = entityTables.api_key!;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new key: its full text (answered once) and what is stored of it. */
export function newApiKey(): { key: string; prefix: string; secretHash: string } {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { key: `omk_${prefix}_${secret}`, prefix, secretHash: sha256(secret) };
}

/** Stores a key's secret hash (replacing the one issued before) inside the caller's transaction. */
export async function storeSecret(
  tx: Pick<Db, 'insert'>,
  apiKeyId: number,
  secretHash: string,
): Promise<void> {
  await tx
    .insert(apiKeySecret)
    .values({ apiKeyId, secretHash })
    .onConflictDoUpdate({ target: apiKeySecret.apiKeyId, set: { secretHash, issuedAt: new Date() } });
}

/** The key a request sent: `Authorization: Bearer <key>` or `X-Api-Key: <key>`. */
export function readApiKey(headers: Record<string, string | string[] | undefined>): string | null {
  const first = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);
  const direct = first(headers['x-api-key'])?.trim();
  if (direct) return direct;
  const match = first(headers.authorization)?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

const isScope = (s: string): s is OpenScope => (OPEN_SCOPES as readonly string[]).includes(s);

type FoundKey = OpenCaller & { lastUsedAt: Date | null };

/** The active, unexpired key the text names, or null (unknown, wrong secret, revoked, expired, never issued). */
export async function findApiKey(db: Db, text: string | null, now: Date): Promise<FoundKey | null> {
  const match = text ? KEY_PATTERN.exec(text) : null;
  if (!match) return null;
  const [, prefix, secret] = match as unknown as [string, string, string];
  const [row] = await db
    .select({
      id: apiKey.id,
      name: apiKey.name,
      scopes: apiKey.scopes,
      status: apiKey.status,
      expiresAt: apiKey.expiresAt,
      lastUsedAt: apiKey.lastUsedAt,
      secretHash: apiKeySecret.secretHash,
    })
    .from(apiKey)
    .innerJoin(apiKeySecret, eq(apiKeySecret.apiKeyId, apiKey.id))
    .where(eq(apiKey.prefix, prefix))
    .limit(1);
  if (!row) return null;
  const stored = Buffer.from(String(row.secretHash), 'hex');
  const sent = Buffer.from(sha256(secret), 'hex');
  if (sent.length !== stored.length || !timingSafeEqual(sent, stored)) return null;
  if (row.status !== 'active') return null;
  const expiresAt = row.expiresAt as Date | null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return null;
  return {
    keyId: Number(row.id),
    keyName: String(row.name ?? ''),
    scopes: ((row.scopes as string[] | null) ?? []).filter(isScope),
    lastUsedAt: (row.lastUsedAt as Date | null) ?? null,
  };
}

/** Records that the key was used, at most once a minute (the stored time is read with the key, so a request
 * within the minute writes nothing; the condition keeps two nodes from both writing). */
export async function touchLastUsed(db: Db, key: FoundKey, now: Date): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  const before = new Date(now.getTime() - LAST_USED_EVERY_MS);
  await db
    .update(apiKey)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKey.id, key.keyId), or(isNull(apiKey.lastUsedAt), lt(apiKey.lastUsedAt, before))));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a call to /api/open/v1 (null on every other route). */
    openCaller: OpenCaller | null;
  }
}

/**
 * The access check of an open route (access/access-check.ts calls it before the body is read): the key must be
 * active, unexpired and hold the route's scope. Only the key opens these routes: a console token is not one.
 */
export async function authenticateOpenCall(
  app: FastifyInstance,
  request: FastifyRequest,
  scope: OpenScope,
): Promise<void> {
  const now = new Date();
  const key = await findApiKey(app.db, readApiKey(request.headers), now);
  if (!key) throw new AppError('apiKeyInvalid');
  const { lastUsedAt: _, ...caller } = key;
  request.openCaller = caller;
  request.logContext.account = `key:${caller.keyName}`;
  request.logContext.apiKeyId = caller.keyId;
  if (!caller.scopes.includes(scope)) throw new AppError('apiKeyScope', { params: { scope } });
  await touchLastUsed(app.db, key, now);
}
