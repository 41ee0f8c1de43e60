import { CHAT_MENU } from '@organiser/domain';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateShared, onSharedInvalidation } from '../../access/auth-cache';
import { hasPermission } from '../../access/permission-checks';
import type { AuthUser } from '../../access/route-access';
import { authenticate, readToken } from '../../access/sessions';
import type { Db } from '../../db/client';
import { statementSignal } from '../../db/statement-signal';
import { createEngine, type Engine } from '../../engine';
import { ok, okSchema } from '../../plugins/envelope';

// The navbar's badges: the signed-in person's unreplied consults and unread (and unreplied) chat conversations —
// a supplier account its own company's, staff all of them — and nothing for a list the person may not open.
// `GET /api/badges` answers them once; `GET /api/badges/stream` is a server-sent-event stream that sends them at
// once and again whenever a consult or a conversation changes on any API node (the shared invalidation topic
// `badges`, through Redis when REDIS_URL is set, in-process otherwise), with a heartbeat comment meanwhile. The
// stream ends when the session does (logout, checked at each event and heartbeat) and when the server closes.

export const CONSULT_MENU = '/consult/consult_list';

/** Seconds between two heartbeats of an idle stream (below the usual 60 s proxy read timeout). */
export const BADGE_HEARTBEAT_MS = 25_000;

const TOPIC = 'badges';

export const badgesSchema = z.object({
  consultsUnreplied: z
    .number()
    .int()
    .nullable()
    .describe('null: the consult list is not open to this person'),
  chatUnread: z
    .number()
    .int()
    .nullable()
    .describe('Conversations unread by this reader (staff, or its company)'),
  chatUnreplied: z.number().int().nullable(),
});

export type Badges = z.infer<typeof badgesSchema>;

/** Tells every node's open badge streams that a consult or a conversation changed (call after the commit). */
export function notifyBadges(): void {
  invalidateShared(TOPIC);
}

type Audience = { companyId: number | null; consults: boolean; chat: boolean };

async function audienceOf(db: Db, user: AuthUser): Promise<Audience> {
  const may = async (url: string) =>
    user.isRoot || hasPermission(db, { userId: user.id, type: 'menu', method: '', url });
  return {
    companyId: user.type === 'company' && !user.isRoot ? (user.companyId ?? 0) : null,
    consults: await may(CONSULT_MENU),
    chat: await may(CHAT_MENU),
  };
}

const keyOf = (a: Audience) => `${a.companyId ?? 'staff'}:${a.consults}:${a.chat}`;

/** The badges of one audience (a company, or staff), each counted only where the list is open to it. */
export async function countBadges(db: Db, engine: Engine, audience: Audience): Promise<Badges> {
  const counted = async (name: string, conditions: SQL[]) => {
    const entity = engine.get(name)!;
    const scope = audience.companyId === null ? [] : [eq(entity.col('companyId'), audience.companyId)];
    const [row] = await db
      .select({ n: count() })
      .from(entity.table)
      .where(and(...scope, ...conditions));
    return Number(row?.n ?? 0);
  };
  const conversations = engine.get('site_chat_conversation')!;
  const consults = engine.get('consult')!;
  const readColumn = audience.companyId === null ? 'readedByStaff' : 'readedByCompany';
  return {
    consultsUnreplied: audience.consults
      ? await counted('consult', [eq(consults.col('isFeedback'), false)])
      : null,
    chatUnread: audience.chat
      ? await counted('site_chat_conversation', [eq(conversations.col(readColumn), false)])
      : null,
    chatUnreplied: audience.chat
      ? await counted('site_chat_conversation', [eq(conversations.col('replied'), false)])
      : null,
  };
}

/** The open streams of this node, so a server closing ends them first. */
const openStreams = new Set<() => void>();

function openStream(
  app: FastifyInstance,
  engine: Engine,
  token: string | null,
  first: Audience,
  raw: NodeJS.WritableStream,
) {
  let audience = first;
  let last = '';
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  // a session ended meanwhile (logout, disabled account) ends the stream; a role changed changes the audience
  const check = async () => {
    const auth = await authenticate(app.db, app.config.deployment, token);
    audience = await audienceOf(app.db, auth.user);
  };
  // counted at once (before any await), so the streams of one wave share the counts of their audience
  const send = async () => {
    const counts = countsOf(app.db, engine, audience);
    counts.catch(() => undefined);
    await check();
    const data = JSON.stringify(await counts);
    if (data !== last && !closed) {
      last = data;
      raw.write(`event: badges\ndata: ${data}\n\n`);
    }
  };
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    stopListening();
    openStreams.delete(close);
    raw.end('event: end\ndata: {}\n\n');
  };
  // the stream's reads belong to no request: not to the one that announced a change (its end would cancel
  // them), nor to the stream's own, answered already
  const refresh = () => statementSignal.exit(refreshNow);
  const refreshNow = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = send()
      .catch(() => close())
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          refresh();
        }
      });
  };
  const heartbeat = setInterval(() => {
    if (closed) return;
    raw.write(': heartbeat\n\n');
    refresh();
  }, BADGE_HEARTBEAT_MS);
  heartbeat.unref();
  const stopListening = onSharedInvalidation(TOPIC, () => scheduleWave(refresh));
  openStreams.add(close);
  raw.write(': connected\n\n');
  refresh();
  return close;
}

let wave: Map<string, Promise<Badges>> | null = null;

function countsOf(db: Db, engine: Engine, audience: Audience): Promise<Badges> {
  const key = keyOf(audience);
  if (!wave) return countBadges(db, engine, audience);
  let found = wave.get(key);
  if (!found) {
    found = countBadges(db, engine, audience);
    wave.set(key, found);
  }
  return found;
}

/** Runs the streams' refreshes of one change together: they share the counts of each audience. */
function scheduleWave(refresh: () => void) {
  if (!wave) {
    wave = new Map();
    setImmediate(() => {
      wave = null;
    });
  }
  refresh();
}

export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = createEngine(app.config.deployment);
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });
  app.get(
    '/badges',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['badges'],
        operationId: 'badges',
        summary: "The signed-in person's unreplied consults and unread and unreplied chat conversations",
        response: { 200: okSchema(badgesSchema) },
      },
    },
    async (request) => {
      const audience = await audienceOf(app.db, request.auth!.user);
      return ok(await countBadges(app.db, engine, audience));
    },
  );
  app.get(
    '/badges/stream',
    {
      config: { access: { kind: 'login' }, systemLog: false },
      schema: {
        tags: ['badges'],
        operationId: 'badges_stream',
        summary:
          'Server-sent events: `badges` (the same counts as GET /api/badges) at once and whenever they change, a heartbeat comment every 25 s, `end` when the session ends',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const token = readToken(request.headers);
      const audience = await audienceOf(app.db, request.auth!.user);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const close = openStream(app, engine, token, audience, reply.raw);
      request.raw.on('close', close);
    },
  );
};
