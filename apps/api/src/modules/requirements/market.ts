import { and, count, desc, eq, gt, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  buyRequirementReveal,
  productCategory as categoryTable,
  buyRequirement as requirementTable,
} from '../../db/schema';

// The requirements suppliers and the marketplace see: authorised, effective (status and end time: a
// requirement whose end time passed is not shown while the expiry job has not run yet), live. The buyer's
// contact is masked for a supplier company that has not revealed it; the marketplace's listing never carries
// it. Filtered by category and a keyword in the title, newest first; the indexes on authed, status,
// category and the creation time serve it.

export const CONTACT_FIELDS = ['contactName', 'mobile', 'tel', 'email'] as const;
const DAY_MS = 86_400_000;

export type MarketQuery = { page: number; size: number; categoryId?: number; keyword?: string };

const t = requirementTable!;
const productCategory = categoryTable!;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const visibleToMarket = (now: Date): SQL =>
  and(isNull(t.deletedAt), eq(t.authed, 'authorised'), eq(t.status, 'effective'), gt(t.endTime, now))!;

const columns = {
  id: t.id,
  requirementNo: t.requirementNo,
  title: t.title,
  categoryId: t.categoryId,
  categoryName: productCategory.name,
  budget: t.budget,
  endTime: t.endTime,
  company: t.company,
  country: t.country,
  contactTypes: t.contactTypes,
  content: t.content,
  clickNum: t.clickNum,
  createdAt: t.createdAt,
  contactName: t.contactName,
  mobile: t.mobile,
  tel: t.tel,
  email: t.email,
};

export type MarketRow = { [K in keyof typeof columns]: unknown };

/** Days left before the end time, rounded up, 0 once it passed: worked out on every read. */
export const leftDays = (endTime: Date, now: Date): number =>
  Math.max(0, Math.ceil((endTime.getTime() - now.getTime()) / DAY_MS));

export async function marketPage(
  db: Db,
  query: MarketQuery,
  now: Date,
): Promise<{ rows: MarketRow[]; total: number }> {
  const conditions = [visibleToMarket(now)];
  if (query.categoryId) conditions.push(eq(t.categoryId, query.categoryId));
  if (query.keyword) conditions.push(ilike(t.title, `%${escapeLike(query.keyword)}%`));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .leftJoin(productCategory, eq(productCategory.id, t.categoryId))
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function marketRow(db: Db, id: number, now: Date): Promise<MarketRow | null> {
  const [row] = await db
    .select(columns)
    .from(t)
    .leftJoin(productCategory, eq(productCategory.id, t.categoryId))
    .where(and(eq(t.id, id), visibleToMarket(now)));
  return row ?? null;
}

/** What the marketplace's listing shows of a requirement: no contact, no buyer company. */
export function publicView(row: MarketRow, now: Date) {
  const endTime = row.endTime as Date;
  return {
    id: Number(row.id),
    requirementNo: String(row.requirementNo ?? ''),
    title: String(row.title ?? ''),
    categoryId: Number(row.categoryId),
    categoryName: (row.categoryName as string | null) ?? null,
    budget: (row.budget as string | null) ?? null,
    endTime: endTime.toISOString(),
    leftDate: leftDays(endTime, now),
    country: (row.country as string | null) ?? null,
    contactTypes: (row.contactTypes as string[] | null) ?? [],
    content: (row.content as string | null) ?? null,
    clickNum: Number(row.clickNum ?? 0),
    createdAt: (row.createdAt as Date).toISOString(),
  };
}

/** A contact value with all but its first character and last two masked; an email keeps its domain. */
export function maskContact(value: string | null): string | null {
  if (!value) return value;
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  if (value.length <= 3) return '*'.repeat(value.length);
  return `${value[0]}${'*'.repeat(value.length - 3)}${value.slice(-2)}`;
}

/** What a supplier account sees: the listing's fields, the buyer company, and the contact, masked until its
 * company revealed it. */
export function supplierView(row: MarketRow, now: Date, revealedAt: Date | null) {
  const contact = Object.fromEntries(
    CONTACT_FIELDS.map((f) => {
      const value = (row[f] as string | null) ?? null;
      return [f, revealedAt ? value : maskContact(value)];
    }),
  ) as Record<(typeof CONTACT_FIELDS)[number], string | null>;
  return {
    ...publicView(row, now),
    company: (row.company as string | null) ?? null,
    ...contact,
    isRevealed: revealedAt !== null,
    revealedAt: revealedAt?.toISOString() ?? null,
  };
}

/** When the company revealed each of these requirements (absent: not revealed). */
export async function revealsOf(db: Db, companyId: number, ids: number[]): Promise<Map<number, Date>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: buyRequirementReveal.requirementId, at: buyRequirementReveal.createdAt })
    .from(buyRequirementReveal)
    .where(
      and(eq(buyRequirementReveal.companyId, companyId), inArray(buyRequirementReveal.requirementId, ids)),
    );
  return new Map(rows.map((r) => [r.id, r.at]));
}

/** One more view of a requirement the marketplace shows; false when it is not shown. */
export async function countView(db: Db, id: number, now: Date): Promise<number | null> {
  const [row] = await db
    .update(t)
    .set({ clickNum: sql`${t.clickNum} + 1` })
    .where(and(eq(t.id, id), visibleToMarket(now)))
    .returning({ clickNum: t.clickNum });
  return row ? row.clickNum : null;
}
