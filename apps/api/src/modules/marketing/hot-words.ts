import { type KitIssue, ROOT_ROLE, t } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasPermission } from '../../access/permission-checks';
import { rowsOf } from '../../db/rows';
import {
  type CommandHandler,
  type CommandSchemas,
  createRecord,
  fieldsError,
  type Row,
  type Tx,
  type WriteContext,
  type WriteEvent,
} from '../../engine';
import { AppError } from '../../errors';

// Hot words (search_top) are unique by their words: a word already a live hot word's, in either language and
// whatever its case, is refused naming the field that repeats it (checked before the write, and again under a
// lock inside it, so two people adding the same word at once cannot both succeed). The search summary's
// "make it a hot word" (`POST /api/search_top/from_keyword`) creates one through the engine's create, with its
// validation; besides the command's own permission it needs the hot-word add permission.

/** Arbitrary constant naming the advisory lock the hot words' uniqueness is checked under. */
const HOT_WORD_LOCK = 7_310_402_417;

const word = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** The live hot words (other than `exceptId`) holding any of the words, as their lower-cased words. */
async function holders(db: Tx, words: string[], exceptId: number | null) {
  const list = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select id, lower(btrim(en_word)) as en, lower(btrim(zh_word)) as zh from search_top
    where deleted_at is null and id <> ${exceptId ?? 0}
      and (lower(btrim(en_word)) in (${list}) or lower(btrim(zh_word)) in (${list}))`);
  const rows = rowsOf<{ en: string | null; zh: string | null }>(result);
  return new Set(rows.flatMap((r) => [r.en, r.zh]).filter((w): w is string => Boolean(w)));
}

/** The issues of a hot word whose words another live hot word already has. */
async function duplicateIssues(db: Tx, merged: Row, exceptId: number | null): Promise<KitIssue[]> {
  if (merged.deletedAt) return [];
  const sides = (['enWord', 'zhWord'] as const)
    .map((field) => ({ field, value: word(merged[field]), shown: String(merged[field] ?? '').trim() }))
    .filter((s) => s.value);
  if (!sides.length) return [];
  const taken = await holders(
    db,
    sides.map((s) => s.value),
    exceptId,
  );
  return sides
    .filter((s) => taken.has(s.value))
    .map((s) => ({
      path: s.field,
      message: t(`“${s.shown}” is already a hot word`, `“${s.shown}”已是热门搜索词`),
    }));
}

/** beforeWrite of search_top: a create or an edit of the words must not repeat another hot word's. */
export async function checkHotWord(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  if (current && !('enWord' in values) && !('zhWord' in values)) return [];
  return duplicateIssues(ctx.db, { ...(current ?? {}), ...values }, current ? Number(current.id) : null);
}

/** afterWrite of search_top: the same check under a lock, so concurrent writes of one word take turns. */
export async function lockHotWords(tx: Tx, ctx: WriteContext, event: WriteEvent): Promise<void> {
  const changed = event.rows.filter(
    ({ before, after }) =>
      after &&
      !after.deletedAt &&
      (!before ||
        before.deletedAt ||
        word(before.enWord) !== word(after.enWord) ||
        word(before.zhWord) !== word(after.zhWord)),
  );
  if (!changed.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${HOT_WORD_LOCK})`);
  const issues: KitIssue[] = [];
  for (const { after } of changed) issues.push(...(await duplicateIssues(tx, after!, Number(after!.id))));
  if (issues.length) throw fieldsError(issues, ctx.lang);
}

export const fromKeywordSchemas: CommandSchemas = {
  result: z.object({
    id: z.number().int().describe('The new hot word'),
    enWord: z.string(),
    zhWord: z.string(),
  }),
};

/** May the caller add hot words (the create route's permission; root holds them all)? */
async function mayAddHotWords(tx: Tx, ctx: WriteContext): Promise<boolean> {
  const actor = ctx.actor;
  if (!actor?.id) return false;
  if (actor.roles?.includes(ROOT_ROLE)) return true;
  return hasPermission(tx, { userId: actor.id, type: 'resource', method: 'POST', url: '/api/search_top' });
}

/** `fromKeyword`: a new, enabled hot word of a searched keyword (its words as the caller completed them). */
export const fromKeyword: CommandHandler = async (tx, ctx, { input }) => {
  if (!(await mayAddHotWords(tx, ctx))) throw new AppError('forbidden');
  const entity = ctx.engine.get('search_top')!;
  const created = await createRecord(
    { ...ctx, db: tx, entity },
    { enWord: input.enWord, zhWord: input.zhWord, status: 'enabled' },
  );
  return {
    result: { id: created.id, enWord: String(created.enWord), zhWord: String(created.zhWord) },
  };
};
