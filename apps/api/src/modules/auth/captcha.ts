import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captcha } from '../../db/schema';
import { sameHex, sha256 } from '../../security/tokens';

// `GET /api/user/captcha` gives `{token, svg}`; login sends the token back with the answer.
// The answer is kept only as a hash; a token is consumed by its first use (right or wrong) with one atomic
// UPDATE, so single use holds across API nodes; it expires after login.captchaTtlSeconds.

const answerHash = (token: string, answer: string) => sha256(`${token}:${answer.trim().toLowerCase()}`);

/** The captcha's route, under /api (its rate limit's counter is named after it). */
export const CAPTCHA_PATH = '/api/user/captcha';

// svg-captcha parses its font when it loads: it loads with the first captcha asked for, not at start.
let generator: Promise<typeof import('svg-captcha')> | null = null;

export async function createCaptcha(db: Db, ttlSeconds: number): Promise<{ token: string; svg: string }> {
  generator ??= import('svg-captcha').then((module) => module.default);
  const svgCaptcha = await generator;
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    color: true,
    ignoreChars: '0oO1iIlL',
    width: 120,
    height: 40,
  });
  const token = randomBytes(18).toString('base64url');
  await db.insert(captcha).values({
    token,
    answerHash: answerHash(token, text),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return { token, svg: data };
}

/**
 * Uses up a captcha token and tells whether the answer was right. Unknown, used or expired tokens are
 * wrong whatever the answer. `testCode` (CAPTCHA_TEST_CODE, never in production) passes any live token.
 */
export async function consumeCaptcha(
  db: Db,
  args: { token: string; answer: string; testCode: string | null },
): Promise<boolean> {
  const [row] = await db
    .update(captcha)
    .set({ usedAt: new Date() })
    .where(and(eq(captcha.token, args.token), isNull(captcha.usedAt), gt(captcha.expiresAt, new Date())))
    .returning({ answerHash: captcha.answerHash });
  if (!row) return false;
  if (args.testCode && args.answer === args.testCode) return true;
  return sameHex(row.answerHash, answerHash(args.token, args.answer));
}

export async function deleteOldCaptchas(db: Db): Promise<void> {
  await db.delete(captcha).where(sql`${captcha.expiresAt} < now() - interval '1 hour'`);
}
