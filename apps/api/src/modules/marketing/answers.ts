import type { EntityRecord } from '@organiser/domain';
import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AnswerShape } from '../../engine';
import { company, product, searchHistory } from './tables';

// What the marketing records show that is read from other records when they are read, never stored with them:
// the state of the company or product a sub-activity or an advertising object points at (it may be disabled,
// refused or deleted after it was picked), the object's logo, and a hot word's searches.

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

/** A hot word's searches: the search history's searches for it in either language (case ignored). */
export const hotWordAnswer: AnswerShape = {
  fields: {},
  shape: async ({ db }, records) => {
    const words = new Set<string>();
    for (const r of records)
      for (const w of [r.enWord, r.zhWord]) if (typeof w === 'string' && w) words.add(w.toLowerCase());
    const key = sql<string>`lower(${searchHistory.keyword})`;
    const rows = words.size
      ? ((await db
          .select({ word: key, n: count() })
          .from(searchHistory)
          .where(inArray(key, [...words]))
          .groupBy(key)) as { word: string; n: number }[])
      : [];
    const byWord = new Map(rows.map((r) => [r.word, Number(r.n)]));
    for (const r of records) {
      const en = typeof r.enWord === 'string' ? r.enWord.toLowerCase() : '';
      const zh = typeof r.zhWord === 'string' ? r.zhWord.toLowerCase() : '';
      r.searchCount = (byWord.get(en) ?? 0) + (en === zh ? 0 : (byWord.get(zh) ?? 0));
    }
  },
};
