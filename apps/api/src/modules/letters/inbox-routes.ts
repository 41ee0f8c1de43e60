import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { inboxMessage, siteMessage as letterTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { OpenRoute } from '../../open/types';

// The marketplace reads the inbox of one of its users (`userId`) or of a company (`companyId`): site letters and
// notifications, newest first, paged, with the unread count (scope letters:read); and marks one read (scope
// letters:write, with an idempotency key like every write). Marking a letter read the first time adds one to
// the letter's read count; a row of another recipient is not found.

const id = z.coerce.number().int().positive().max(2147483647);

const recipient = z
  .object({
    userId: id.optional().describe('The marketplace user whose inbox is read'),
    companyId: id.optional().describe('The company whose inbox is read'),
  })
  .refine((r) => (r.userId == null) !== (r.companyId == null), {
    message: 'Give exactly one of userId and companyId',
    path: ['userId'],
  });

type Recipient = { userId?: number; companyId?: number };

const itemView = z.object({
  id: z.number().int(),
  kind: z.enum(['letter', 'notification']),
  letterId: z.number().int().nullable(),
  event: z.string().nullable(),
  title: z.string(),
  content: z.string().describe('A letter: sanitised rich text; a notification: plain text'),
  titleZh: z.string().nullable(),
  contentZh: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});

const example = {
  id: 91,
  kind: 'letter',
  letterId: 7,
  event: null,
  title: 'New catalogue for spring',
  content: '<p>Our spring catalogue is online.</p>',
  titleZh: null,
  contentZh: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  readAt: null,
};

const ownedBy = (r: Recipient): SQL =>
  r.userId != null ? eq(inboxMessage.userId, r.userId) : eq(inboxMessage.companyId, r.companyId!);

const view = (r: typeof inboxMessage.$inferSelect) => ({
  id: r.id,
  kind: r.kind as 'letter' | 'notification',
  letterId: r.letterId,
  event: r.event,
  title: r.title,
  content: r.content,
  titleZh: r.titleZh,
  contentZh: r.contentZh,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
});

async function unreadOf(db: Db, r: Recipient): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboxMessage)
    .where(and(ownedBy(r), isNull(inboxMessage.readAt)));
  return Number(row?.n ?? 0);
}

export const listInboxRoute: OpenRoute = {
  method: 'GET',
  url: '/inbox',
  operationId: 'openListInbox',
  summary: 'A user’s or a company’s inbox',
  description:
    'The site letters and notifications delivered to one marketplace user (`userId`) or one company (`companyId`), newest first, `size` (at most 50) a page, with the number still unread; `unread=true` lists only those.',
  scope: 'letters:read',
  query: recipient.and(
    z.object({
      unread: z.enum(['true', 'false']).optional(),
      page: id.max(1000).default(1),
      size: id.max(50).default(20),
    }),
  ),
  response: z.object({ total: z.number().int(), unread: z.number().int(), list: z.array(itemView) }),
  examples: { response: { total: 1, unread: 1, list: [example] } },
  handler: async ({ query }, ctx) => {
    const q = query as Recipient & { unread?: string; page: number; size: number };
    const where = and(ownedBy(q), q.unread === 'true' ? isNull(inboxMessage.readAt) : undefined);
    const [total] = await ctx.db.select({ n: count() }).from(inboxMessage).where(where);
    const rows = await ctx.db
      .select()
      .from(inboxMessage)
      .where(where)
      .orderBy(desc(inboxMessage.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return { total: Number(total?.n ?? 0), unread: await unreadOf(ctx.db, q), list: rows.map(view) };
  },
};

export const readInboxRoute: OpenRoute = {
  method: 'POST',
  url: '/inbox/:id/read',
  operationId: 'openReadInbox',
  summary: 'Mark a letter or notification read',
  description:
    'Marks one row of the recipient’s inbox read (once: reading it again changes nothing) and, the first time, adds one to the letter’s read count. A row of another recipient is not found.',
  scope: 'letters:write',
  params: z.object({ id }),
  body: recipient,
  response: z.object({ item: itemView, unread: z.number().int() }),
  examples: {
    body: { userId: 1042 },
    response: { item: { ...example, readAt: '2026-11-21T10:00:00.000Z' }, unread: 0 },
  },
  handler: async ({ params, body }, ctx) => {
    const rowId = (params as { id: number }).id;
    const r = body as Recipient;
    const mine = and(eq(inboxMessage.id, rowId), ownedBy(r));
    const [marked] = await ctx.db
      .update(inboxMessage)
      .set({ readAt: ctx.now })
      .where(and(mine, isNull(inboxMessage.readAt)))
      .returning();
    if (marked?.letterId != null) {
      const letters = letterTable!;
      await ctx.db
        .update(letters)
        .set({ readCount: sql`${letters.readCount} + 1` })
        .where(eq(letters.id, marked.letterId));
    }
    const [row] = marked ? [marked] : await ctx.db.select().from(inboxMessage).where(mine);
    if (!row)
      throw new AppError('openNotFound', {
        params: { entityEn: 'inbox item', entityZh: '站内信', id: rowId },
      });
    return { item: view(row), unread: await unreadOf(ctx.db, r) };
  },
};

export const inboxRoutes: OpenRoute[] = [listInboxRoute, readInboxRoute];
