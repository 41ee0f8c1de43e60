import { randomUUID } from 'node:crypto';
import type { DeploymentConfig } from '@organiser/domain';
import { ROOT_ROLE } from '@organiser/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminUser, session } from '../db/schema';
import { AppError } from '../errors';
import { newToken, sha256, TOKEN_PATTERN } from '../security/tokens';
import { authCacheOf, invalidateAuthCaches } from './auth-cache';
import type { RequestAuth } from './route-access';

// Opaque random tokens, stored only as SHA-256 hashes, with an idle timeout and an absolute lifetime.
// Each refusal has the code the console reacts to: 401 time-out, 50008 illegal token,
// 50012 logged in elsewhere, 50014 expired.

/** last_seen_at is written at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export type SessionRevokeReason = 'logout' | 'replaced' | 'password' | 'disabled';

export async function createSession(
  db: Db,
  args: { userId: number; config: DeploymentConfig; ip: string; userAgent: string },
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const sessionId = randomUUID();
  const now = Date.now();
  if (args.config.session.singleSession) {
    await revokeUserSessions(db, args.userId, 'replaced');
  }
  await db.insert(session).values({
    id: sessionId,
    tokenHash: sha256(token),
    userId: args.userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + args.config.session.absoluteHours * 3_600_000),
    ip: args.ip.slice(0, 100),
    userAgent: args.userAgent.slice(0, 300),
  });
  return { token, sessionId };
}

/** Revokes every open session of a user, except `keepSessionId`. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: SessionRevokeReason,
  keepSessionId?: string,
): Promise<void> {
  const conditions = [eq(session.userId, userId), isNull(session.revokedAt)];
  if (keepSessionId) conditions.push(ne(session.id, keepSessionId));
  await db
    .update(session)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(...conditions));
  invalidateAuthCaches();
}

export async function revokeSession(db: Db, sessionId: string, reason: SessionRevokeReason): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
  invalidateAuthCaches();
}

/** The token of a request: `X-Token`, else `Authorization: Bearer`. */
export function readToken(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers['x-token'];
  const xToken = Array.isArray(header) ? header[0] : header;
  if (xToken) return xToken.trim();
  const authorization = headers.authorization;
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = value?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() ?? null;
}

/** Resolves a token to the signed-in user, or throws the refusal the console expects. */
export async function authenticate(
  db: Db,
  config: DeploymentConfig,
  token: string | null,
): Promise<RequestAuth> {
  if (!token || !TOKEN_PATTERN.test(token)) throw new AppError('tokenInvalid');
  const tokenHash = sha256(token);
  const cache = authCacheOf(db);
  const load = () => loadSession(db, tokenHash);
  const row = cache ? await cache.session(tokenHash, load) : await load();
  if (!row) throw new AppError('tokenInvalid');
  if (row.revokedAt) throw new AppError(row.revokeReason === 'replaced' ? 'tokenReplaced' : 'tokenInvalid');
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) throw new AppError('tokenExpired');
  if (now - row.lastSeenAt.getTime() > config.session.idleMinutes * 60_000)
    throw new AppError('sessionTimeout');
  if (row.status !== 'enabled') throw new AppError('tokenInvalid');
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(session)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(session.id, row.sessionId));
    cache?.patchSession<SessionRow>(tokenHash, (r) => ({ ...r, lastSeenAt: new Date(now) }));
  }
  const roles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as string[]) : row.roles;
  return {
    sessionId: row.sessionId,
    user: {
      id: row.userId,
      account: row.account,
      nickname: row.nickname,
      type: row.type,
      companyId: row.companyId,
      roles,
      isRoot: roles.includes(ROOT_ROLE),
    },
  };
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof loadSession>>>;

/** The session of a token hash with its user and the codes of the user's enabled roles. */
async function loadSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: session.id,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      revokedAt: session.revokedAt,
      revokeReason: session.revokeReason,
      userId: adminUser.id,
      account: adminUser.account,
      nickname: adminUser.nickname,
      type: adminUser.type,
      companyId: adminUser.companyId,
      status: adminUser.status,
      roles: sql<string[]>`(
        select coalesce(json_agg(r.code order by r.code), '[]'::json)
        from user_role ur join role r on r.id = ur.role_id and r.status = 'enabled'
        where ur.user_id = ${adminUser.id}
      )`,
    })
    .from(session)
    .innerJoin(adminUser, eq(adminUser.id, session.userId))
    .where(eq(session.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Removes sessions past their absolute lifetime a day ago (they answer 50014 until then). */
export async function deleteOldSessions(db: Db): Promise<void> {
  await db.delete(session).where(sql`${session.expiresAt} < now() - interval '1 day'`);
}
