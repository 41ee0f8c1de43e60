import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buyRequirementReveal, company as companyTable, vipPackage as packageTable } from '../../db/schema';
import { AppError } from '../../errors';
import { consumeQuota } from '../quota';
import { marketRow, supplierView } from './market';

// A supplier's reveal of a requirement's buyer contact: one row per requirement and company (who revealed
// it, when), taken from the company's monthly purchase-contact reveals (`buyRequirementAuthLimit`, its own or
// its package's) in the same transaction. A second reveal by the same company finds the row and costs
// nothing; parallel reveals take turns on the quota row, so they never pass the limit.

const company = companyTable!;
const vipPackage = packageTable!;

async function revealLimit(db: Db, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({
      limit: sql<
        number | null
      >`coalesce(${company.buyRequirementAuthLimit}, ${vipPackage.buyRequirementAuthLimit})`,
    })
    .from(company)
    .leftJoin(vipPackage, eq(vipPackage.id, company.vipPackageId))
    .where(eq(company.id, companyId));
  return row?.limit == null ? null : Number(row.limit);
}

export async function revealContact(
  db: Db,
  args: { requirementId: number; companyId: number; userId: number | null; now: Date },
) {
  const { requirementId, companyId, userId, now } = args;
  return db.transaction(async (tx) => {
    const row = await marketRow(tx, requirementId, now);
    if (!row) throw new AppError('notFound');
    const added = await tx
      .insert(buyRequirementReveal)
      .values({ requirementId, companyId, userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ at: buyRequirementReveal.createdAt });
    if (added.length) {
      const limit = await revealLimit(tx, companyId);
      await consumeQuota(tx, { companyId, key: 'buyRequirementAuth', limit, now });
      return supplierView(row, now, added[0]!.at);
    }
    const [held] = await tx
      .select({ at: buyRequirementReveal.createdAt })
      .from(buyRequirementReveal)
      .where(
        and(
          eq(buyRequirementReveal.requirementId, requirementId),
          eq(buyRequirementReveal.companyId, companyId),
        ),
      );
    return supplierView(row, now, held!.at);
  });
}
