import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { invalidateAuthCaches } from '../../access/auth-cache';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';
import type { CommandHandler } from '../../engine';
import { AppError } from '../../errors';
import { loginOf } from './accounts';

// A staff account's sessions: the open ones listed, one ended by the `revokeSession` command (the account
// rule runs on it as on every write of an account).

export const sessionSchema = z.object({
  id: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});

/** The login's open sessions, the most recently seen first; `currentId` is the caller's own. */
export async function openSessions(db: Db, loginId: number, currentId: string | undefined) {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, loginId), isNull(session.revokedAt), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.lastSeenAt));
  return rows.map((s) => ({
    id: s.id,
    ip: s.ip,
    userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    isCurrent: s.id === currentId,
  }));
}

export const revokeSessionBody = z.strictObject({ sessionId: z.uuid() });

/** The `revokeSession` command (`POST /user_manager/revoke_session/{id}`): ends one session of the account's
 * login on every API node at once; 404 when the session is not the account's. */
export const revokeSession: CommandHandler = async (tx, ctx, { row, input }) => {
  const loginId = loginOf(row!, ctx.lang);
  const { sessionId } = input as z.infer<typeof revokeSessionBody>;
  const [ended] = await tx
    .update(session)
    .set({ revokedAt: new Date(), revokeReason: 'disabled' })
    .where(and(eq(session.id, sessionId), eq(session.userId, loginId), isNull(session.revokedAt)))
    .returning({ id: session.id });
  const [known] = ended
    ? [ended]
    : await tx
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.id, sessionId), eq(session.userId, loginId)));
  if (!known) throw new AppError('notFound');
  invalidateAuthCaches({ beforeCommit: true });
  return {
    changes: [{ field: 'session', old: sessionId, new: null }],
    answerAfterCommit: async () => {
      invalidateAuthCaches();
      return true;
    },
  };
};
