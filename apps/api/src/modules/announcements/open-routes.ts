import { t } from '@organiser/domain';
import { and, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { entityTables } from '../../db/schema/entities';
import { type EngineEntity, fieldsError } from '../../engine';
import { AppError } from '../../errors';
import type { OpenRoute } from '../../open/types';

// The marketplace reads announcements and notices through /api/open/v1 (scope announcements:read): the
// effective ones whose publish time has come, for everyone, for the reader's user type or for the membership
// level the reader (`userId`) holds now, newest first and paged; `POST …/{id}/read` counts one read of an
// effective, published one by a reader it is for. A reader's audience is its account's: buyers and traders read
// as buyers, supplier accounts as suppliers, with the membership level each holds now.

const id = z.coerce.number().int().positive().max(2147483647);

type Audience = { type: 'buyer' | 'supplier' | null; levelId: number | null };
const NOBODY: Audience = { type: null, levelId: null };
const AUDIENCE_OF_TYPE: Record<string, Audience['type']> = {
  buyer: 'buyer',
  trader: 'buyer',
  company: 'supplier',
};

/** Who the marketplace user `userId` is as a reader (nobody in particular: no such user, or a staff account). */
async function audienceOf(db: Db, userId: number): Promise<Audience> {
  const users = entityTables.user_manager!;
  const [row] = await db
    .select({ type: users.type, levelId: users.levelId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) return NOBODY;
  return {
    type: AUDIENCE_OF_TYPE[String(row.type)] ?? null,
    levelId: row.levelId == null ? null : Number(row.levelId),
  };
}

/** What is for a reader: everyone's, its user type's, and its membership level's. */
function forAudience(e: EngineEntity, audience: Audience) {
  return or(
    inArray(e.col('target'), audience.type ? ['all', audience.type] : ['all']),
    audience.levelId === null
      ? undefined
      : and(eq(e.col('target'), 'levels'), sql`${audience.levelId}::int = any(${e.col('levelIds')})`),
  );
}

/** Effective, and its publish time has come. */
function published(e: EngineEntity, now: Date) {
  return and(isNull(e.col('deletedAt')), eq(e.col('status'), 'effective'), lte(e.col('publishTime'), now));
}

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
    description: `The ${k.en}s that are effective and whose publish time has come, for everyone and, with \`target\`, for that user type too; with \`userId\`, what is for that reader: everyone's, its user type's (buyers and traders are buyers, supplier accounts suppliers) and its membership level's, and nothing for another type or level (a \`target\` other than the reader's type is refused naming it). Newest publish time first, \`size\` (at most 50) a page.`,
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
      const audience = userId ? await audienceOf(ctx.db, userId) : { ...NOBODY, type: target ?? null };
      if (userId && target && target !== audience.type) {
        const message = t(`User ${userId} does not read as a ${target}`, `用户 ${userId} 不属于该对象`);
        throw fieldsError([{ path: 'target', message }], ctx.lang);
      }
      const where = and(published(e, ctx.now), forAudience(e, audience));
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
    description: `Adds one to the read count of an effective ${k.en} whose publish time has come, read by a reader it is for: one for everyone counts for anyone; one for buyers, suppliers or membership levels counts only with the \`userId\` of a reader of that type (buyers and traders are buyers, supplier accounts suppliers) or holding one of those levels now. Any other (not effective, not yet published, deleted, or not for this reader or without \`userId\`) is not found (404), so a read neither counts nor tells who else it is for.`,
    scope: 'announcements:read',
    params: z.object({ id }),
    body: z
      .object({
        userId: z.number().int().positive().max(2147483647).describe('The reader: a marketplace user'),
      })
      .partial()
      .strict()
      .optional(),
    response: z.object({ id: z.number().int(), readCount: z.number().int() }),
    examples: { body: { userId: 1042 }, response: { id: 3, readCount: 129 } },
    handler: async ({ params, body }, ctx) => {
      const recordId = (params as { id: number }).id;
      const userId = (body as { userId?: number } | undefined)?.userId;
      const audience = userId ? await audienceOf(ctx.db, userId) : NOBODY;
      const e = ctx.engine.get(k.entity)!;
      const [row] = (await ctx.db
        .update(e.table)
        .set({ readCount: sql`${e.col('readCount')} + 1` } as never)
        .where(and(eq(e.col('id'), recordId), published(e, ctx.now), forAudience(e, audience)))
        .returning()) as Record<string, unknown>[];
      if (!row)
        throw new AppError('openNotFound', { params: { entityEn: k.en, entityZh: k.zh, id: recordId } });
      return { id: recordId, readCount: Number(row.readCount) };
    },
  };
}

export const announcementOpenRoutes: OpenRoute[] = KINDS.flatMap((k) => [listRoute(k), readRoute(k)]);
