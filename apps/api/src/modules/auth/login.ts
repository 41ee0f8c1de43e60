import type { Lang } from '@organiser/domain';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { createSession } from '../../access/sessions';
import type { AppConfig } from '../../config/load';
import type { Db } from '../../db/client';
import { adminUser, loginFailure } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword, needsRehash, verifyDummy, verifyPassword } from '../../security/password';
import { consumeCaptcha } from './captcha';
import { checkLoginCode, sendLoginCode } from './sms';
import { loadUserInfo, type UserInfo } from './user-info';

// Login with captcha, one message for a wrong account or password, disabled and locked accounts refused
// with their own messages (an unknown account is counted and "locked" the same way, per account and
// address), optional SMS second factor. Each refusal carries `content.field` so the login page can point at the field.

export type LoginInput = {
  account: string;
  password: string;
  checkCode: string;
  token: string;
  smsCode?: string;
};
export type LoginField = 'checkCode' | 'account' | 'password' | 'smsCode' | null;
export type LoginResult = UserInfo & { token: string; userId: number };

function refuse(
  key: ConstructorParameters<typeof AppError>[0],
  field: LoginField,
  params?: Record<string, number>,
) {
  return new AppError(key, { params, content: { field } });
}

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
const isLocked = (until: Date | null | undefined): until is Date =>
  Boolean(until && until.getTime() > Date.now());

/** Until when failures from this address lock this account out (null: not locked). */
async function lockOf(db: Db, account: string, ip: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginFailure.lockedUntil })
    .from(loginFailure)
    .where(and(eq(loginFailure.account, account), eq(loginFailure.ip, ip)))
    .limit(1);
  return isLocked(row?.lockedUntil) ? row.lockedUntil : null;
}

/**
 * A wrong password, counted per account and address in `login_failure` (existing or not, so the answers do
 * not tell which accounts exist): the maxFailures-th failure from one address locks the account for that
 * address only and the count restarts. Someone guessing elsewhere never locks the owner out. An existing
 * account's own counter and lock (the login security page) follow the latest failures.
 */
async function failedLogin(
  db: Db,
  config: AppConfig,
  input: LoginInput,
  ip: string,
  userId: number | null,
): Promise<never> {
  const { maxFailures, lockMinutes } = config.deployment.login;
  const lockNow = sql`now() + make_interval(mins => ${lockMinutes})`;
  // One atomic upsert: concurrent failures on several nodes still count exactly.
  const [after] = await db
    .insert(loginFailure)
    .values({
      account: input.account,
      ip,
      failedLogins: maxFailures <= 1 ? 0 : 1,
      lockedUntil: maxFailures <= 1 ? lockNow : null,
    })
    .onConflictDoUpdate({
      target: [loginFailure.account, loginFailure.ip],
      set: {
        failedLogins: sql`case when ${loginFailure.failedLogins} + 1 >= ${maxFailures} then 0 else ${loginFailure.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${loginFailure.failedLogins} + 1 >= ${maxFailures}
          then ${lockNow} else ${loginFailure.lockedUntil} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ lockedUntil: loginFailure.lockedUntil });
  const locked = isLocked(after?.lockedUntil) ? after.lockedUntil : null;
  if (userId !== null)
    await db
      .update(adminUser)
      .set({
        failedLogins: sql`${adminUser.failedLogins} + 1`,
        ...(locked ? { lockedUntil: locked } : {}),
      })
      .where(eq(adminUser.id, userId));
  if (locked) throw refuse('accountLocked', 'account', { minutes: minutesLeft(locked) });
  throw refuse('loginFailed', null);
}

/** Forgets failure counts (per account and address) that are neither locked nor touched for a month. */
export async function deleteOldLoginFailures(db: Db): Promise<void> {
  await db
    .delete(loginFailure)
    .where(
      and(
        lt(loginFailure.updatedAt, sql`now() - interval '30 days'`),
        or(isNull(loginFailure.lockedUntil), lt(loginFailure.lockedUntil, sql`now()`)),
      ),
    );
}

export async function login(
  db: Db,
  config: AppConfig,
  input: LoginInput,
  client: { ip: string; userAgent: string; lang: Lang },
): Promise<LoginResult> {
  const { deployment, server } = config;
  const captchaOk = await consumeCaptcha(db, {
    token: input.token,
    answer: input.checkCode,
    testCode: server.captchaTestCode,
  });
  if (!captchaOk) throw refuse('captchaIncorrect', 'checkCode');

  const locked = await lockOf(db, input.account, client.ip);
  if (locked) throw refuse('accountLocked', 'account', { minutes: minutesLeft(locked) });
  const [user] = await db.select().from(adminUser).where(eq(adminUser.account, input.account)).limit(1);
  if (!user) {
    await verifyDummy(input.password, server.passwordHash);
    return failedLogin(db, config, input, client.ip, null);
  }
  if (!(await verifyPassword(user.passwordHash, input.password)))
    return failedLogin(db, config, input, client.ip, user.id);
  if (user.status !== 'enabled') throw refuse('accountDisabled', 'account');

  if (deployment.login.smsSecondFactor) {
    if (!input.smsCode) {
      await sendLoginCode(db, {
        userId: user.id,
        account: user.account,
        mobile: user.mobile,
        lang: client.lang,
      });
      throw refuse('smsCodeRequired', 'smsCode');
    }
    if (!(await checkLoginCode(db, user.id, input.smsCode))) throw refuse('smsCodeIncorrect', 'smsCode');
  }

  const rehash = needsRehash(user.passwordHash, server.passwordHash)
    ? await hashPassword(input.password, server.passwordHash)
    : undefined;
  await db
    .update(adminUser)
    .set({
      failedLogins: 0,
      lockedUntil: null,
      lastLoginAt: new Date(),
      ...(rehash ? { passwordHash: rehash } : {}),
    })
    .where(eq(adminUser.id, user.id));
  await db
    .delete(loginFailure)
    .where(and(eq(loginFailure.account, user.account), eq(loginFailure.ip, client.ip)));
  const { token } = await createSession(db, {
    userId: user.id,
    config: deployment,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  const info = await loadUserInfo(db, user.id);
  return { token, userId: user.id, ...info };
}
