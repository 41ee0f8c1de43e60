import { and, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { entityTables } from '../../db/schema/entities';
import { AppError } from '../../errors';
import type { OpenRoute } from '../../open/types';

// The marketplace reads announcements and notices through /api/open/v1 (scope announcements:read): the
// effective ones whose publish time has come, for everyone, for the reader's user type or for the membership
// level the reader (`userId`) holds now, newest first and
// paged; `POST …/{id}/read` counts one read of an effective, published one.

const id = z.coerce.number().int().positive().max(2147483647);

const itemView = z.object({
  id: z.number().int(),
  title: z.string(),
  target: z.enum(['all', 'buyer', 'supplier', 'levels']),
  levelIds: z.array(z.number().int()).describe('The membership levels it is shown to (target levels)'),
  publishTime: z.string(),
  content: z.string(),
  readCount: z.number().int(),
});

type Kind = { entity: 'announcement' | 'notice'; path: string; op: string; en: string; zh: string };

const KINDS: Kind[] = [
  { entity: 'announcement', path: '/announcements', op: 'Announcements', en: 'announcement', zh: '公告' },
  { entity: 'notice', path: '/notices', op: 'Notices', en: 'notice', zh: '通知' },
];

const example = {
  id: 3,
  title: 'Spring sourcing fair opens on 12 March',
  target: 'all',
  levelIds: [],
  publishTime: '2026-11-20T08:00:00.000Z',
  content: '<p>Registration is open to all buyers.</p>',
  readCount: 128,
};

function listRoute(k: Kind): OpenRoute {
  return {
    method: 'GET',
    url: k.path,
    operationId: `openList${k.op}`,
    summary: `Effective, published ${k.en}s`,
    description: `The ${k.en}s that are effective and whose publish time has come, for everyone and, with \`target\`, for that user type too; with \`userId\`, also those for the membership level the user holds now; newest publish time first, \`size\` (at most 50) a page.`,
    scope: 'announcements:read',
    query: z.object({
      target: z.enum(['buyer', 'supplier']).optional(),
      userId: id.optional().describe('The reader: adds what is for the membership level they hold'),
      page: id.max(1000).default(1),
      size: id.max(50).default(20),
    }),
    response: z.object({ total: z.number().int(), list: z.array(itemView) }),
    examples: { response: { total: 1, list: [example] } },
    handler: async ({ query }, ctx) => {
      const { target, userId, page, size } = query as {
        target?: 'buyer' | 'supplier';
        userId?: number;
        page: number;
        size: number;
      };
      const e = ctx.engine.get(k.entity)!;
      const levelId = userId ? await levelOf(ctx.db, userId) : null;
      const forReader = inArray(e.col('target'), target ? ['all', target] : ['all']);
      const where = and(
        isNull(e.col('deletedAt')),
        eq(e.col('status'), 'effective'),
        lte(e.col('publishTime'), ctx.now),
        levelId === null
          ? forReader
          : or(
              forReader,
              and(eq(e.col('target'), 'levels'), sql`${levelId}::int = any(${e.col('levelIds')})`),
            ),
      );
      const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(e.table).where(where);
      const rows = (await ctx.db
        .select()
        .from(e.table)
        .where(where)
        .orderBy(desc(e.col('publishTime')), desc(e.col('id')))
        .limit(size)
        .offset((page - 1) * size)) as Record<string, unknown>[];
      return {
        total: Number(total),
        list: rows.map((r) => ({
          id: Number(r.id),
          title: String(r.title ?? ''),
          target: String(r.target) as 'all' | 'buyer' | 'supplier' | 'levels',
          levelIds: Array.isArray(r.levelIds) ? r.levelIds.map(Number) : [],
          publishTime: (r.publishTime as Date).toISOString(),
          content: String(r.content ?? ''),
          readCount: Number(r.readCount ?? 0),
        })),
      };
    },
  };
}

function readRoute(k: Kind): OpenRoute {
  return {
    method: 'POST',
    url: `${k.path}/:id/read`,
    operationId: `openRead${k.op.slice(0, -1)}`,
    summary: `Count one read of a ${k.en}`,
    description: `Adds one to the read count of an effective ${k.en} whose publish time has come; any other is not found.`,
    scope: 'announcements:read',
    params: z.object({ id }),
    response: z.object({ id: z.number().int(), readCount: z.number().int() }),
    examples: { response: { id: 3, readCount: 129 } },
    handler: async ({ params }, ctx) => {
      const recordId = (params as { id: number }).id;
      const e = ctx.engine.get(k.entity)!;
      const [row] = (await ctx.db
        .update(e.table)
        .set({ readCount: sql`${e.col('readCount')} + 1` } as never)
        .where(
          and(
            eq(e.col('id'), recordId),
            isNull(e.col('deletedAt')),
            eq(e.col('status'), 'effective'),
            lte(e.col('publishTime'), ctx.now),
          ),
        )
        .returning()) as Record<string, unknown>[];
      if (!row)
        throw new AppError('openNotFound', { params: { entityEn: k.en, entityZh: k.zh, id: recordId } });
      return { id: recordId, readCount: Number(row.readCount) };
    },
  };
}

/** The membership level a marketplace user holds now (null: none, or no such user). */
async function levelOf(db: Db, userId: number): Promise<number | null> {
  const users = entityTables.user_manager!;
  const [row] = await db
    .select({ levelId: users.levelId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.levelId == null ? null : Number(row.levelId);
}

export const announcementOpenRoutes: OpenRoute[] = KINDS.flatMap((k) => [listRoute(k), readRoute(k)]);
