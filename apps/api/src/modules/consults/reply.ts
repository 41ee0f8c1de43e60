import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consultReply } from '../../db/schema';
import { type CommandHandler, loadRow, toRecord, withEffective } from '../../engine';
import { consumeQuota } from '../quota';

// The consult's `reply` command (POST /api/consult/reply/{id}): staff, or a supplier account of the consult's
// company (the engine's row scope refuses any other company's consult), append a reply with text and JPG/PNG
// images (checked by the engine with the kit's upload rules before the handler runs). Inside the command's transaction it takes one of the company's
// monthly replies (`consultReplyLimit`, key 'consultReply': exact under concurrency, "the current limit is
// exceeded" past it) and marks the consult replied.

export const replyToConsult: CommandHandler = async (tx, ctx, { row, input }) => {
  const companyId = Number(row!.companyId);
  const companies = ctx.engine.get('company')!;
  const company = await loadRow(tx, companies, companyId, 'any');
  const [effective] = company
    ? await withEffective(tx, ctx.engine, companies, [toRecord(companies, company)])
    : [undefined];
  const limit = (effective?.effective as Record<string, { value: unknown }> | undefined)?.consultReplyLimit
    ?.value;
  await consumeQuota(tx, {
    companyId,
    key: 'consultReply',
    limit: typeof limit === 'number' ? limit : null,
  });
  const images = Array.isArray(input.images) ? input.images.map(String) : [];
  await tx.insert(consultReply).values({
    consultId: Number(row!.id),
    companyId,
    content: String(input.content),
    images,
    authorKind: ctx.rowScope ? 'supplier' : 'staff',
    authorId: ctx.actor?.id ?? null,
    authorAccount: ctx.actor?.account ?? '',
  });
  return { set: { isFeedback: true } };
};

/** The replies of some consults in one statement, each consult's oldest first. */
export async function repliesOf(db: Db, consultIds: readonly number[]) {
  if (consultIds.length === 0) return [];
  return db
    .select()
    .from(consultReply)
    .where(inArray(consultReply.consultId, [...consultIds]))
    .orderBy(asc(consultReply.consultId), asc(consultReply.id));
}
