import type { EntityRecord } from '@organiser/domain';
import { and, between, inArray, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { statKeywordDay } from '../../db/schema/statistics';
import type { AnswerShape } from '../../engine';
import { dayIn } from '../statistics/rollups';
import { company, product } from './tables';

// What the marketing records show that is read from other records when they are read, never stored with them:
// the state of the company or product a sub-activity or an advertising object points at (it may be disabled,
// refused or deleted after it was picked), the object's logo, and the searches of a hot word or a recommended
// search over the last 30 days.

export type TargetState = 'ok' | 'disabled' | 'unpublished' | 'deleted';

type Target = { id: number; status: unknown; auditStatus: unknown; deletedAt: unknown; logo: unknown };

/** How the marketplace treats a target: gone (deleted, or no longer there), not passed audit, disabled, or shown. */
function stateOf(target: Target | undefined): TargetState {
  if (!target || target.deletedAt) return 'deleted';
  if (target.auditStatus !== 'passed') return 'unpublished';
  if (target.status !== 'enabled') return 'disabled';
  return 'ok';
}

async function targets(db: Db, table: typeof company | typeof product, ids: number[]) {
  if (!ids.length) return new Map<number, Target>();
  const rows = (await db
    .select({
      id: table.id,
      status: table.status,
      auditStatus: table.auditStatus,
      deletedAt: table.deletedAt,
      logo: table.logo,
    })
    .from(table)
    .where(inArray(table.id, ids))) as Target[];
  return new Map(rows.map((r) => [Number(r.id), r]));
}

const idsOf = (records: EntityRecord[], field: string) => [
  ...new Set(records.map((r) => r[field]).filter((v): v is number => typeof v === 'number')),
];

/** Sets `targetState` (and `targetLogo`) on records that pick a company (`companyId`) or a product (`productId`). */
export async function withTargets(db: Db, records: EntityRecord[]): Promise<void> {
  const companies = await targets(db, company, idsOf(records, 'companyId'));
  const products = await targets(db, product, idsOf(records, 'productId'));
  for (const r of records) {
    const picked =
      typeof r.companyId === 'number'
        ? { target: companies.get(r.companyId) }
        : typeof r.productId === 'number'
          ? { target: products.get(r.productId) }
          : null;
    r.targetState = picked ? stateOf(picked.target) : null;
    if ('targetLogo' in r) r.targetLogo = picked?.target?.logo ?? null;
  }
}

export const targetAnswer: AnswerShape = {
  fields: {},
  shape: ({ db }, records) => withTargets(db, records),
};

/** The days the hot words' and recommended searches' counts cover: the last 30, today included. */
export const SEARCH_COUNT_DAYS = 30;

/** Each word's searches over the last 30 days (days in the statistics time zone), from the keyword rollup
 * (`stat_keyword_day`, read through its keyword index), by the lower-cased word. */
async function searchesOf(db: Db, timeZone: string, words: Set<string>): Promise<Map<string, number>> {
  if (!words.size) return new Map();
  const to = dayIn(timeZone, new Date());
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (SEARCH_COUNT_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const rows = (await db
    .select({ word: statKeywordDay.keyword, n: sum(statKeywordDay.searches) })
    .from(statKeywordDay)
    .where(and(inArray(statKeywordDay.keyword, [...words]), between(statKeywordDay.day, from, to)))
    .groupBy(statKeywordDay.keyword)) as { word: string; n: string | number | null }[];
  return new Map(rows.map((r) => [r.word, Number(r.n ?? 0)]));
}

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** Sets `searchCount` on records with a word in two languages (`<en>`, `<zh>` fields): the searches for either
 * (the same word in both counted once). */
async function withSearchCounts(
  db: Db,
  timeZone: string,
  records: EntityRecord[],
  [enField, zhField]: [string, string],
): Promise<void> {
  const words = new Set<string>();
  for (const r of records) for (const w of [lower(r[enField]), lower(r[zhField])]) if (w) words.add(w);
  const byWord = await searchesOf(db, timeZone, words);
  for (const r of records) {
    const en = lower(r[enField]);
    const zh = lower(r[zhField]);
    r.searchCount = (byWord.get(en) ?? 0) + (en === zh ? 0 : (byWord.get(zh) ?? 0));
  }
}

/** A hot word's searches of the last 30 days. */
export const hotWordAnswer = (timeZone: () => string): AnswerShape => ({
  fields: {},
  shape: ({ db }, records) => withSearchCounts(db, timeZone(), records, ['enWord', 'zhWord']),
});

/** A recommended search's searches of the last 30 days. */
export const searchCountAnswer = (timeZone: () => string): AnswerShape => ({
  fields: {},
  shape: ({ db }, records) => withSearchCounts(db, timeZone(), records, ['enKeyword', 'zhKeyword']),
});
