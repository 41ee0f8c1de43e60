import type { Language } from '@organiser/domain';
import { and, count, desc, eq, gt, ilike, like, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUser, loginFailure, systemLog } from '../../db/schema';
import { AppError, loggedErrorMessage } from '../../errors';

// The reads and the unlock behind /systemManage/login_security (routes.ts declares the routes).

type Paging = { page: number; size: number };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Accounts with their failed-login count and lock, locked ones first. */
export async function listLoginAccounts(
  db: Db,
  query: Paging & { keyword?: string; locked?: 'true' | 'false' },
) {
  const { page, size, keyword, locked } = query;
  const where: SQL[] = [];
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    where.push(or(ilike(adminUser.account, pattern), ilike(adminUser.nickname, pattern))!);
  }
  const now = new Date();
  if (locked === 'true') where.push(gt(adminUser.lockedUntil, now));
  const filter = where.length ? and(...where) : undefined;
  const rows = await db
    .select()
    .from(adminUser)
    .where(filter)
    .orderBy(desc(adminUser.lockedUntil), desc(adminUser.failedLogins), adminUser.account)
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(adminUser).where(filter);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: r.account,
      nickname: r.nickname,
      type: r.type,
      status: r.status,
      failedLogins: r.failedLogins,
      lockedUntil: r.lockedUntil?.toISOString() ?? null,
      isLocked: Boolean(r.lockedUntil && r.lockedUntil > now),
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    })),
    total: Number(total?.n ?? 0),
    page,
    size,
  };
}

/** Lifts an account's lock and restarts its failed-login count; notFound when there is no such account. */
export async function unlockAccount(db: Db, id: number) {
  const [row] = await db
    .update(adminUser)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(eq(adminUser.id, id))
    .returning({ id: adminUser.id, account: adminUser.account });
  if (!row) throw new AppError('notFound');
  // its failures from every address, and those counted before the account existed under that name
  await db.delete(loginFailure).where(eq(loginFailure.account, row.account));
  return row;
}

/** An account's login attempts, read from the system log, newest first. */
export async function loginHistory(
  db: Db,
  id: number,
  query: Paging & { success?: 'true' | 'false' },
  lang: Language,
) {
  const { page, size, success } = query;
  const [user] = await db.select({ account: adminUser.account }).from(adminUser).where(eq(adminUser.id, id));
  if (!user) throw new AppError('notFound');
  const where = [eq(systemLog.account, user.account), like(systemLog.url, '/api/user/login%')];
  if (success) where.push(eq(systemLog.success, success === 'true'));
  const rows = await db
    .select()
    .from(systemLog)
    .where(and(...where))
    .orderBy(desc(systemLog.createdAt), desc(systemLog.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db
    .select({ n: count() })
    .from(systemLog)
    .where(and(...where));
  return {
    account: user.account,
    list: rows.map((r) => ({
      id: r.id,
      url: r.url,
      success: r.success,
      ip: r.ip,
      errorMessage: loggedErrorMessage(r, lang),
      time: r.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page,
    size,
  };
}
