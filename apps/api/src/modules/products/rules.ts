import type { KitIssue } from '@organiser/domain';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { entityTables } from '../../db/schema/entities';
import type { Row, Tx, WriteContext, WriteEvent } from '../../engine';

// What a product's definition cannot say: a sub-material's parent material is of the same company; the
// company's name is kept on the product so the keyword finds it; and where a product comes from (the
// organiser or a supplier). Its category levels are declared (`topLevel`, `under`) and checked by the engine.

const pick = (values: Record<string, unknown>, current: Row | null, name: string): unknown =>
  name in values ? values[name] : current?.[name];

export async function checkProduct(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  const { fields } = ctx.entity.def;
  const issues: KitIssue[] = [];
  const products = entityTables.product!;
  const companies = entityTables.company!;

  if (!current) values.source = ctx.rowScope ? 'supplier' : 'console';

  const companyId = pick(values, current, 'companyId') as number | null | undefined;
  if ('companyId' in values) {
    const [found] = companyId
      ? await ctx.db
          .select({ name: companies.name })
          .from(companies)
          .where(eq(companies.id, companyId))
          .limit(1)
      : [];
    values.companyName = found?.name ?? null;
  }

  const parentId = values.parentId as number | null | undefined;
  if (parentId != null) {
    const label = fields.parentId!.label;
    // Looked up among the caller's own rows: for a supplier another company's product does not exist, so it
    // gets the same answer as a missing id (the engine's reference check) and learns nothing about it.
    const [parent] = await ctx.db
      .select({ companyId: products.companyId })
      .from(products)
      .where(
        and(
          eq(products.id, parentId),
          isNull(products.deletedAt),
          ctx.rowScope ? eq(products.companyId, ctx.rowScope.companyId) : undefined,
        ),
      )
      .limit(1);
    if (parent && companyId != null && parent.companyId !== companyId)
      issues.push({
        path: 'parentId',
        message: {
          en: `${label.en} must be a product of the same company`,
          zh: `${label.zh}必须是同一企业的产品`,
        },
      });
  }
  return issues;
}

/** A renamed company's products carry its new name (the keyword searches it). */
export async function syncCompanyName(tx: Tx, _ctx: WriteContext, event: WriteEvent): Promise<void> {
  const products = entityTables.product!;
  for (const { before, after } of event.rows) {
    if (!after || before?.name === after.name) continue;
    await tx
      .update(products)
      .set({ companyName: after.name ?? null })
      .where(
        and(eq(products.companyId, Number(after.id)), ne(products.companyName, String(after.name ?? ''))),
      );
  }
}

/** A product is public (shown to buyers) when its audit passed, it is enabled (its stored `isPublic`), it is
 * not in the trash, and its company is public (audit passed, enabled, not in the trash). A where condition over
 * the product table. */
export function publicProductCondition(): SQL {
  const products = entityTables.product!;
  const companies = entityTables.company!;
  return sql`(${products.isPublic} AND ${products.deletedAt} IS NULL AND EXISTS (SELECT 1 FROM ${companies} WHERE ${companies.id} = ${products.companyId} AND ${companies.isPublic} AND ${companies.deletedAt} IS NULL))`;
}
