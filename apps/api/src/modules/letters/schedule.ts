import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { siteMessage as letterTable } from '../../db/schema';
import { type Engine, type EngineExtensions, runAction, type WriteContext } from '../../engine';

// Scheduled letters: every minute a job sends the scheduled letters whose time has come, each through the
// letter's `send` action as the system (a new version with a history entry; the deliveries in its
// transaction). Every node runs the job; one at a time does the work (a transaction-level advisory lock),
// and the action's conditional update moves a letter from scheduled to sent once, so a letter is never sent
// twice. `now` is a parameter so tests move the clock instead of sleeping.

export const LETTER_LOCK_KEY = 7_310_402_257;
const MINUTE_MS = 60_000;
/** Letters sent per run at most (the next run takes the rest). */
export const LETTER_BATCH = 200;
export const LETTER_ACTOR = { id: null, account: 'system' } as const;

export type LetterEngine = { engine: Engine; extensions: EngineExtensions };
export type SendResult = { ran: boolean; sent: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function sendScheduledLetters(
  db: Db,
  on: LetterEngine,
  now: Date = new Date(),
  batch: number = LETTER_BATCH,
): Promise<SendResult> {
  const entity = on.engine.get('site_message');
  if (!entity) throw new Error('letters: no site_message entity');
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${LETTER_LOCK_KEY}) as ok`),
    );
    if (!lock?.ok) return { ran: false, sent: 0 };
    const ctx: WriteContext = {
      db: tx as unknown as Db,
      engine: on.engine,
      entity,
      actor: LETTER_ACTOR,
      lang: 'en',
      rowScope: null,
      hashPassword: async () => {
        throw new Error('letters: no password fields');
      },
      extensions: on.extensions,
    };
    const t = letterTable!;
    const due = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(isNull(t.deletedAt), eq(t.status, 'scheduled'), lte(t.sendTime, now)))
      .orderBy(asc(t.sendTime), asc(t.id))
      .limit(batch);
    if (!due.length) return { ran: true, sent: 0 };
    const result = await runAction(
      ctx,
      'send',
      due.map((r) => Number(r.id)),
      {},
    );
    return { ran: true, sent: result.succeeded.length };
  });
}

/** Runs the sending of scheduled letters every minute from the server's start until it closes. */
export function scheduleLetters(app: FastifyInstance, on: LetterEngine): void {
  if (!app.config.server.jobs) return;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    void sendScheduledLetters(app.db, on)
      .then((result) => {
        if (result.sent) app.log.info({ letters: result }, 'scheduled site letters sent');
      })
      .catch((error) => app.log.warn({ err: error }, 'sending scheduled site letters failed'))
      .finally(() => {
        timer = setTimeout(tick, MINUTE_MS);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, MINUTE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}
