import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { activationToken } from '../../db/schema';
import {
  type CommandHandler,
  type EngineEntity,
  fieldsError,
  type Row,
  type Tx,
  type WriteContext,
  type WriteEvent,
} from '../../engine';
import { sha256 } from '../../security/tokens';
import type { UsersRuntime } from './runtime';

// Activation links. A link names the console's activation page at the configured public address (PUBLIC_URL,
// else the server's own HOST:PORT), never the address a request claims in its Host header; the page activates
// the account only when its button is pressed (a POST), so a mail scanner that opens the link activates nothing.
// An account has one working link at a time: a new mail, or a change of its email, withdraws the older ones.

/** Activation links work this long. */
export const ACTIVATION_HOURS = 48;

/** The console's public page `/activate` reads the token from its query. */
export const ACTIVATION_PAGE = '/activate';

/** A new single-use token for the account, inside the caller's transaction; its earlier tokens stop working. */
export async function issueActivationToken(tx: Tx, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.delete(activationToken).where(eq(activationToken.userId, userId));
  await tx.insert(activationToken).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + ACTIVATION_HOURS * 3_600_000),
  });
  return token;
}

export const activationMailResult = z.object({
  mailId: z.number().int(),
  status: z.enum(['outbox', 'sent', 'failed']),
});

/** The `sendActivationMail` command (`POST /user_manager/send_active_email/{id}`): a new link (the older ones
 * stop working) mailed once the token is stored; the answer is the mail's id and state. The link names the
 * console's configured address: a request's Host header could name any site. */
export function sendActivationMail(runtime: UsersRuntime): CommandHandler {
  return async (tx, ctx, { row }) => {
    const email = typeof row!.email === 'string' ? row!.email : '';
    if (!email)
      throw fieldsError(
        [{ path: 'email', message: { en: 'The account has no email', zh: '该账号没有邮箱' } }],
        ctx.lang,
      );
    const token = await issueActivationToken(tx, Number(row!.id));
    return {
      changes: [{ field: 'activationMail', old: null, new: email }],
      answerAfterCommit: async () => {
        const link = `${runtime.address()}${ACTIVATION_PAGE}?${new URLSearchParams({ token })}`;
        const result = await runtime.mailer().sendMail({
          to: email,
          template: 'activation',
          lang: ctx.lang,
          data: {
            name: String(row!.realname ?? row!.nickname ?? row!.account),
            account: String(row!.account),
            link,
            hours: String(ACTIVATION_HOURS),
          },
        });
        return { mailId: result.id, status: result.status };
      },
    };
  };
}

/** Activates the account of a live, unused token once; the account name, or null. */
export async function activateAccount(db: Db, entity: EngineEntity, token: string): Promise<string | null> {
  const table = entity.table;
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(activationToken)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(activationToken.tokenHash, sha256(token)),
          isNull(activationToken.usedAt),
          gt(activationToken.expiresAt, new Date()),
        ),
      )
      .returning({ userId: activationToken.userId });
    if (!used) return null;
    const [row] = (await tx
      .update(table)
      .set({ activatedAt: new Date(), version: sql`${table.version} + 1`, updatedAt: new Date() })
      .where(and(eq(table.id, used.userId), isNull(table.deletedAt)))
      .returning()) as Row[];
    return row ? String(row.account) : null;
  });
}

/** Write hook: an account whose email changed (or that is purged) loses the activation links mailed before. */
export async function withdrawActivationLinks(tx: Tx, _ctx: WriteContext, event: WriteEvent): Promise<void> {
  const ids = event.rows
    .filter(({ before, after }) => before && (!after || (before.email ?? null) !== (after.email ?? null)))
    .map(({ before }) => Number(before!.id));
  for (const id of ids) await tx.delete(activationToken).where(eq(activationToken.userId, id));
}
