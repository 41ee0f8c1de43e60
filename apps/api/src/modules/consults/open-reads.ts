import { t } from '@organiser/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { consultReply } from '../../db/schema';
import { fieldsError, loadRow } from '../../engine';
import { AppError } from '../../errors';
import { pageOfRows } from '../../open/page';
import type { OpenRoute } from '../../open/types';
import { replySchema, threadOf, threadsOf } from './thread';

// The buyer's side of consults on the marketplace-facing API: `GET /consults?userId=…` (scope consults:read),
// a buyer's own consults with their replies, newest first and paged; `POST /consults/{id}/replies/read`
// (scope consults:write), a buyer's request to see the supplier's reply: answers the thread to the consult's
// buyer only and records when the buyer read it.

const id = z.coerce.number().int().positive().max(2147483647);

const consultView = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  productId: z.number().int().nullable(),
  content: z.string(),
  isFeedback: z.boolean(),
  consultTime: z.string().nullable(),
  replies: z.array(replySchema),
});

const exampleReply = {
  id: 88,
  content: 'Our price is 12 USD a unit for 200 units.',
  images: ['2026/11/quote.png'],
  authorKind: 'supplier',
  authorAccount: 'acme',
  createdAt: '2026-11-26T10:00:00.000Z',
};

export const buyerConsultsRoute: OpenRoute = {
  method: 'GET',
  url: '/consults',
  operationId: 'openListBuyerConsults',
  summary: 'A buyer’s own consults with their replies',
  description: 'Newest first, `size` (at most 50) a page.',
  scope: 'consults:read',
  query: z.object({ userId: id, page: id.default(1), size: id.max(50).default(20) }),
  response: z.object({ total: z.number().int(), list: z.array(consultView) }),
  examples: {
    response: {
      total: 1,
      list: [
        {
          id: 5001,
          companyId: 12,
          productId: 301,
          content: 'Please quote 200 units.',
          isFeedback: true,
          consultTime: '2026-11-26T09:30:00.000Z',
          replies: [exampleReply],
        },
      ],
    },
  },
  handler: async ({ query }, ctx) => {
    const { userId, page, size } = query as { userId: number; page: number; size: number };
    const consults = ctx.engine.get('consult')!;
    const where = eq(consults.col('userId'), userId);
    const { total, rows } = await pageOfRows(
      ctx.db,
      consults,
      where,
      [desc(consults.col('consultTime')), desc(consults.col('id'))],
      { page, size },
    );
    // every reply of the page's consults in one statement
    const threads = await threadsOf(
      ctx.db,
      rows.map((r) => Number(r.id)),
    );
    const list = [];
    for (const r of rows) {
      list.push({
        id: Number(r.id),
        companyId: Number(r.companyId),
        productId: r.productId == null ? null : Number(r.productId),
        content: String(r.content ?? ''),
        isFeedback: r.isFeedback === true,
        consultTime: r.consultTime instanceof Date ? r.consultTime.toISOString() : null,
        replies: threads.get(Number(r.id)) ?? [],
      });
    }
    return { total, list };
  },
};

export const readRepliesRoute: OpenRoute = {
  method: 'POST',
  url: '/consults/:id/replies/read',
  operationId: 'openReadConsultReplies',
  summary: 'A buyer reads the replies to one of its consults',
  description:
    'Answers the reply thread to the consult’s buyer only (`userId` must be the buyer: any other is refused naming it) and records when the buyer read it.',
  scope: 'consults:write',
  params: z.object({ id }),
  body: z.object({ userId: z.number().int().positive().max(2147483647) }),
  response: z.object({ consultId: z.number().int(), replies: z.array(replySchema) }),
  examples: { body: { userId: 1042 }, response: { consultId: 5001, replies: [exampleReply] } },
  handler: async ({ params, body }, ctx) => {
    const consultId = (params as { id: number }).id;
    const { userId } = body as { userId: number };
    const row = await loadRow(ctx.db, ctx.engine.get('consult')!, consultId);
    if (!row)
      throw new AppError('openNotFound', {
        params: { entityEn: 'consult', entityZh: '咨询', id: consultId },
      });
    if (row.userId !== userId) {
      const message = t(`The consult ${consultId} is not this buyer's`, `咨询 ${consultId} 不属于该买家`);
      throw fieldsError([{ path: 'userId', message }], ctx.lang);
    }
    await ctx.db
      .update(consultReply)
      .set({ readAt: ctx.now })
      .where(and(eq(consultReply.consultId, consultId), isNull(consultReply.readAt)));
    return { consultId, replies: await threadOf(ctx.db, consultId) };
  },
};
