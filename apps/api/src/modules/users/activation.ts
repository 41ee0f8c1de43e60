import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ServerSettings } from '../../config/load';
import type { Db } from '../../db/client';
import { activationToken } from '../../db/schema';
import type { EngineEntity, Row, Tx, WriteContext, WriteEvent } from '../../engine';
import { sha256 } from '../../security/tokens';

// Activation links. A link names the console's activation page at the configured public address (PUBLIC_URL,
// else the server's own HOST:PORT), never the address a request claims in its Host header; the page activates
// the account only when its button is pressed (a POST), so a mail scanner that opens the link activates nothing.
// An account has one working link at a time: a new mail, or a change of its email, withdraws the older ones.

/** Activation links work this long. */
export const ACTIVATION_HOURS = 48;

/** The console's public page `/activate` reads the token from its query. */
export const ACTIVATION_PAGE = '/activate';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** Where people reach the console: PUBLIC_URL, else the address the server listens on. */
export function publicAddress(
  server: Pick<ServerSettings, 'publicUrl' | 'host' | 'port'>,
  port?: number,
): string {
  if (server.publicUrl) return server.publicUrl;
  const host = WILDCARD_HOSTS.has(server.host) ? '127.0.0.1' : server.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port ?? server.port}`;
}

/** A new single-use token for the account; its earlier tokens stop working. */
export async function issueActivationToken(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(activationToken).where(eq(activationToken.userId, userId));
    await tx.insert(activationToken).values({
      tokenHash: sha256(token),
      userId,
      expiresAt: new Date(Date.now() + ACTIVATION_HOURS * 3_600_000),
    });
  });
  return token;
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
