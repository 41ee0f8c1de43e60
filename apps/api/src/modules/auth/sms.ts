import { randomBytes, randomInt } from 'node:crypto';
import { formatMessage, type Lang, outgoingTexts } from '@organiser/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCode, smsLog, smsOutbox } from '../../db/schema';
import { sameHex, sha256 } from '../../security/tokens';

// The SMS second factor. The code goes to the SMS outbox (the default set-up has no provider);
// only a salted hash of it is kept for checking. A code lives 5 minutes and allows 5 tries. Every message is
// also recorded in the SMS log with the code masked; with no provider its status says it was not sent.

/** How a code appears in the SMS log. */
export const MASKED_CODE = '******';

export const SMS_CODE_TTL_MINUTES = 5;
const MAX_ATTEMPTS = 5;
const PURPOSE = 'login';

const hashCode = (salt: string, code: string) => `${salt}$${sha256(`${salt}:${code}`)}`;

export async function sendLoginCode(
  db: Db,
  args: { userId: number; account?: string; mobile: string; lang: Lang },
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    // A new code replaces the previous ones.
    await tx
      .update(smsCode)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCode.userId, args.userId), eq(smsCode.purpose, PURPOSE), isNull(smsCode.usedAt)));
    await tx.insert(smsCode).values({
      userId: args.userId,
      purpose: PURPOSE,
      codeHash: hashCode(salt, code),
      expiresAt: new Date(Date.now() + SMS_CODE_TTL_MINUTES * 60_000),
    });
    await tx.insert(smsOutbox).values({
      userId: args.userId,
      mobile: args.mobile,
      purpose: PURPOSE,
      body: formatMessage(outgoingTexts.smsLoginCode[args.lang], { code, minutes: SMS_CODE_TTL_MINUTES }),
    });
    await tx.insert(smsLog).values({
      userId: args.userId,
      account: args.account ?? '',
      mobile: args.mobile,
      purpose: PURPOSE,
      // no provider is configured: the log shows what would have gone out
      status: 'unsent',
      body: formatMessage(outgoingTexts.smsLoginCode[args.lang], {
        code: MASKED_CODE,
        minutes: SMS_CODE_TTL_MINUTES,
      }),
    });
  });
}

/** Checks (and on success uses up) the user's live login code. */
export async function checkLoginCode(db: Db, userId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(smsCode)
    .where(
      and(
        eq(smsCode.userId, userId),
        eq(smsCode.purpose, PURPOSE),
        isNull(smsCode.usedAt),
        gt(smsCode.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(smsCode.createdAt))
    .limit(1);
  if (!row || row.attempts >= MAX_ATTEMPTS) return false;
  const [salt = '', stored = ''] = row.codeHash.split('$');
  const given = hashCode(salt, code.trim()).split('$')[1] ?? '';
  if (sameHex(stored, given)) {
    const [used] = await db
      .update(smsCode)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCode.id, row.id), isNull(smsCode.usedAt)))
      .returning({ id: smsCode.id });
    return Boolean(used);
  }
  await db
    .update(smsCode)
    .set({ attempts: sql`${smsCode.attempts} + 1` })
    .where(eq(smsCode.id, row.id));
  return false;
}
