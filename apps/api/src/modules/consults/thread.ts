import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { createEngine, loadRow, rowScopeOf } from '../../engine';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { repliesOf } from './reply';

// GET /api/consult/replies/{id}: a consult's reply thread for its detail screen, behind the consult list's
// menu and the row scope (a supplier reaches only its own company's consults: any other id is a 404).

/** Most replies one answer lists (a thread has a handful). */
export const MAX_REPLIES = 200;

export const replySchema = z.object({
  id: z.number().int(),
  content: z.string().describe('Shown as text, never as HTML'),
  images: z.array(z.string()),
  authorKind: z.enum(['staff', 'supplier']),
  authorAccount: z.string(),
  createdAt: z.string(),
});

export type ReplyView = z.infer<typeof replySchema>;

/** Some consults' replies as the API answers them, each thread oldest first, in one statement. */
export async function threadsOf(db: Db, consultIds: readonly number[]): Promise<Map<number, ReplyView[]>> {
  const threads = new Map<number, ReplyView[]>(consultIds.map((id) => [id, []]));
  for (const r of await repliesOf(db, consultIds)) {
    const thread = threads.get(Number(r.consultId));
    if (!thread || thread.length >= MAX_REPLIES) continue;
    thread.push({
      id: r.id,
      content: r.content,
      images: r.images,
      authorKind: r.authorKind === 'supplier' ? 'supplier' : 'staff',
      authorAccount: r.authorAccount,
      createdAt: r.createdAt.toISOString(),
    });
  }
  return threads;
}

/** A consult's replies as the API answers them, oldest first. */
export async function threadOf(db: Db, consultId: number): Promise<ReplyView[]> {
  return (await threadsOf(db, [consultId])).get(consultId) ?? [];
}

export const threadRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = createEngine(app.config.deployment);
  const consults = engine.get('consult')!;
  app.get(
    '/consult/replies/:id',
    {
      config: { access: { kind: 'menu', url: '/consult/consult_list' } },
      schema: {
        tags: ['consults'],
        operationId: 'consult_replies',
        summary: "A consult's reply thread, oldest first",
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: okSchema(z.array(replySchema)) },
      },
    },
    async (request) => {
      const row = await loadRow(app.db, consults, request.params.id, 'live', rowScopeOf(request));
      if (!row) throw new AppError('notFound');
      return ok(await threadOf(app.db, request.params.id));
    },
  );
};
