import {
  CHAT_CONTENT_MAX,
  CHAT_IMAGES_MAX,
  type KitIssue,
  MARKETPLACE_USER_TYPES,
  t,
} from '@organiser/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { checkFiles, fieldsError, loadRow, type Row } from '../../engine';
import { AppError } from '../../errors';
import { pageOfRows } from '../../open/page';
import type { OpenContext, OpenRoute } from '../../open/types';
import { notifyBadges } from './badges';
import { chatEntities, insertMessage, summaryAfter } from './conversation';

// The buyer's side of the site chat on the marketplace-facing API. `POST /chat/messages` (scope chat:write) posts
// a buyer's message to a company, optionally about one of its products or a purchase requirement: the
// conversation of that buyer, company and subject is found or started, the message appended. `GET
// /chat/conversations/{id}/messages?userId=…` (scope chat:read) reads a buyer's conversation, oldest first and
// paged, without the messages staff hid; `GET /chat/conversations?userId=…` lists a buyer's conversations, the
// latest first. Content is stored as the buyer wrote it and always shown as text.

const id = z.number().int().positive().max(2147483647);
const queryId = z.coerce.number().int().positive().max(2147483647);

export const newChatMessage = z.object({
  userId: id.describe('The buyer: a marketplace user'),
  companyId: id.describe('The company the message is sent to'),
  source: z
    .enum(['company', 'product', 'requirement'])
    .default('company')
    .describe('What the conversation is about'),
  subjectId: id
    .optional()
    .nullable()
    .describe('The product (of that company) or the purchase requirement, when `source` names one'),
  title: z.string().trim().max(200).optional().nullable(),
  userRealname: z.string().trim().max(100).optional().nullable().describe('The buyer’s name as shown'),
  content: z.string().trim().min(1).max(CHAT_CONTENT_MAX),
  attachments: z
    .array(z.string().min(1).max(300))
    .max(CHAT_IMAGES_MAX)
    .default([])
    .describe('JPG/PNG images: each the `path` of a file this key uploaded (POST /files)'),
});

type NewChatMessage = z.infer<typeof newChatMessage>;

const posted = z.object({
  conversationId: z.number().int(),
  messageId: z.number().int(),
  createdAt: z.string(),
});

const messageView = z.object({
  id: z.number().int(),
  sender: z.enum(['buyer', 'company', 'staff']),
  content: z.string().describe('Shown as text, never as HTML'),
  attachments: z.array(z.string()),
  createdAt: z.string(),
});

const issue = (path: string, en: string, zh: string): KitIssue => ({ path, message: t(en, zh) });

/** The refusals of a message's references, each naming its field, and the company's name. */
async function checkReferences(ctx: OpenContext, body: NewChatMessage) {
  const { db, engine } = ctx;
  const issues: KitIssue[] = [];
  const buyer = await loadRow(db, engine.get('user_manager')!, body.userId);
  if (!buyer || !(MARKETPLACE_USER_TYPES as readonly unknown[]).includes(buyer.type))
    issues.push(
      issue('userId', `No marketplace user with id ${body.userId}`, `不存在 ID 为 ${body.userId} 的买家`),
    );
  const company = await loadRow(db, engine.get('company')!, body.companyId);
  if (!company?.isPublic)
    issues.push(
      issue(
        'companyId',
        `No open company with id ${body.companyId}`,
        `不存在 ID 为 ${body.companyId} 的已开放企业`,
      ),
    );
  if (body.source !== 'company' && body.subjectId == null)
    issues.push(issue('subjectId', 'Required for this source', '该类型必须填写对象 ID'));
  if (body.source === 'product' && body.subjectId != null) {
    const product = await loadRow(db, engine.get('product')!, body.subjectId);
    if (!product || product.companyId !== body.companyId)
      issues.push(
        issue(
          'subjectId',
          `No product with id ${body.subjectId} of company ${body.companyId}`,
          `企业 ${body.companyId} 没有 ID 为 ${body.subjectId} 的产品`,
        ),
      );
  }
  if (body.source === 'requirement' && body.subjectId != null) {
    const requirement = await loadRow(db, engine.get('buy_requirement')!, body.subjectId);
    if (!requirement)
      issues.push(
        issue(
          'subjectId',
          `No purchase requirement with id ${body.subjectId}`,
          `不存在 ID 为 ${body.subjectId} 的采购需求`,
        ),
      );
  }
  // the images: files this key uploaded, of the types and size the message's images allow
  const { messages } = chatEntities(engine);
  const images = { attachments: messages.def.fields.attachments! };
  issues.push(...(await checkFiles({ db, rowScope: null, apiKeyId: ctx.caller.keyId }, images, body, null)));
  return { issues, buyer, company };
}

/** The conversation of a buyer, company and subject, started when there is none yet, locked for this write. */
async function conversationFor(ctx: OpenContext, body: NewChatMessage, buyer: Row, company: Row) {
  const { conversations } = chatEntities(ctx.engine);
  const key = {
    userId: body.userId,
    companyId: body.companyId,
    source: body.source,
    subjectId: body.source === 'company' ? 0 : (body.subjectId ?? 0),
  };
  await ctx.db
    .insert(conversations.table)
    .values({
      ...key,
      title: body.title ?? null,
      userRealname: body.userRealname ?? String(buyer.nickname ?? buyer.account ?? ''),
      companyName: company.name ?? null,
      readedByStaff: true,
      readedByCompany: true,
      replied: true,
    } as never)
    .onConflictDoNothing();
  const [row] = (await ctx.db
    .select()
    .from(conversations.table)
    .where(
      and(
        eq(conversations.col('userId'), key.userId),
        eq(conversations.col('companyId'), key.companyId),
        eq(conversations.col('source'), key.source),
        eq(conversations.col('subjectId'), key.subjectId),
      ),
    )
    .for('update')) as Row[];
  return row!;
}

/** Stores a checked buyer's message in the caller's transaction. */
export async function receiveChatMessage(ctx: OpenContext, body: NewChatMessage) {
  const { issues, buyer, company } = await checkReferences(ctx, body);
  if (issues.length > 0 || !buyer || !company) throw fieldsError(issues, ctx.lang);
  const conversation = await conversationFor(ctx, body, buyer, company);
  const message = {
    sender: 'buyer' as const,
    senderAccount: String(buyer.account ?? ''),
    content: body.content,
    attachments: body.attachments,
    now: ctx.now,
  };
  const stored = await insertMessage(ctx.db, ctx.engine, conversation, message);
  const { conversations } = chatEntities(ctx.engine);
  await ctx.db
    .update(conversations.table)
    .set({ ...summaryAfter(conversation, message, ctx.now), updatedAt: ctx.now } as never)
    .where(eq(conversations.col('id'), Number(conversation.id)));
  ctx.afterCommit?.(notifyBadges);
  return {
    conversationId: Number(conversation.id),
    messageId: Number(stored.id),
    createdAt: (stored.createdAt as Date).toISOString(),
  };
}

export const postChatMessageRoute: OpenRoute = {
  method: 'POST',
  url: '/chat/messages',
  operationId: 'openPostChatMessage',
  summary: 'A buyer’s chat message to a company',
  description:
    'Appended to the conversation of this buyer, company and subject (started when there is none). Refused naming the field for an unknown buyer, a company that is not open, a product of another company, an unknown purchase requirement, or `attachments` naming anything but a JPG/PNG this key uploaded through `POST /files` (an address, another key’s file).',
  scope: 'chat:write',
  body: newChatMessage,
  response: posted,
  examples: {
    body: {
      userId: 1042,
      companyId: 12,
      source: 'product',
      subjectId: 301,
      title: 'Stainless steel valve DN50',
      userRealname: 'Anna de Vries',
      content: 'Can you ship 200 units to Rotterdam in March?',
      attachments: ['2026/11/q3Xv9Lr0c2sWb1n5Yk8aTg.jpg'],
    },
    response: { conversationId: 77, messageId: 9001, createdAt: '2026-11-26T09:30:00.000Z' },
  },
  handler: async ({ body }, ctx) => receiveChatMessage(ctx, body as NewChatMessage),
};

export const readConversationRoute: OpenRoute = {
  method: 'GET',
  url: '/chat/conversations/:id/messages',
  operationId: 'openReadChatConversation',
  summary: 'A buyer’s conversation with a company',
  description:
    'Oldest first, `size` (at most 100) a page; messages staff hid are left out. `userId` must be the conversation’s buyer: any other is refused naming it.',
  scope: 'chat:read',
  params: z.object({ id: queryId }),
  query: z.object({ userId: queryId, page: queryId.default(1), size: queryId.max(100).default(50) }),
  response: z.object({
    conversationId: z.number().int(),
    companyId: z.number().int(),
    total: z.number().int(),
    list: z.array(messageView),
  }),
  examples: {
    response: {
      conversationId: 77,
      companyId: 12,
      total: 2,
      list: [
        {
          id: 9001,
          sender: 'buyer',
          content: 'Can you ship 200 units to Rotterdam in March?',
          attachments: [],
          createdAt: '2026-11-26T09:30:00.000Z',
        },
        {
          id: 9002,
          sender: 'company',
          content: 'Yes, by sea, 30 days.',
          attachments: ['2026/11/quote.png'],
          createdAt: '2026-11-26T10:00:00.000Z',
        },
      ],
    },
  },
  handler: async ({ params, query }, ctx) => {
    const conversationId = (params as { id: number }).id;
    const { userId, page, size } = query as { userId: number; page: number; size: number };
    const { conversations, messages } = chatEntities(ctx.engine);
    const row = await loadRow(ctx.db, conversations, conversationId);
    if (!row)
      throw new AppError('openNotFound', {
        params: { entityEn: 'conversation', entityZh: '会话', id: conversationId },
      });
    if (row.userId !== userId) {
      const message = t(
        `The conversation ${conversationId} is not this buyer's`,
        `会话 ${conversationId} 不属于该买家`,
      );
      throw fieldsError([{ path: 'userId', message }], ctx.lang);
    }
    const where = and(eq(messages.col('conversationId'), conversationId), eq(messages.col('hidden'), false));
    const { total, rows } = await pageOfRows(
      ctx.db,
      messages,
      where,
      [asc(messages.col('createdAt')), asc(messages.col('id'))],
      { page, size },
    );
    return {
      conversationId,
      companyId: Number(row.companyId),
      total,
      list: rows.map((r) => ({
        id: Number(r.id),
        sender: r.sender as 'buyer' | 'company' | 'staff',
        content: String(r.content ?? ''),
        attachments: Array.isArray(r.attachments) ? r.attachments.map(String) : [],
        createdAt: (r.createdAt as Date).toISOString(),
      })),
    };
  },
};

const conversationView = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  source: z.enum(['company', 'product', 'requirement']),
  subjectId: z.number().int().nullable(),
  title: z.string().nullable(),
  lastMessage: z.string().describe('The last message staff did not hide; shown as text'),
  lastSender: z.enum(['buyer', 'company', 'staff']),
  lastMessageAt: z.string(),
  messageCount: z.number().int(),
});

export const listConversationsRoute: OpenRoute = {
  method: 'GET',
  url: '/chat/conversations',
  operationId: 'openListChatConversations',
  summary: 'A buyer’s conversations',
  description:
    'The conversations of the buyer `userId` (a marketplace user; any other is refused naming it), the one with the latest message first, `size` (at most 100) a page.',
  scope: 'chat:read',
  query: z.object({ userId: queryId, page: queryId.default(1), size: queryId.max(100).default(20) }),
  response: z.object({ total: z.number().int(), list: z.array(conversationView) }),
  examples: {
    response: {
      total: 1,
      list: [
        {
          id: 77,
          companyId: 12,
          companyName: 'Ningbo Pumps Co., Ltd.',
          source: 'product',
          subjectId: 340,
          title: 'Centrifugal pump CP-200',
          lastMessage: 'Yes, by sea, 30 days.',
          lastSender: 'company',
          lastMessageAt: '2026-11-26T10:00:00.000Z',
          messageCount: 2,
        },
      ],
    },
  },
  handler: async ({ query }, ctx) => {
    const { userId, page, size } = query as { userId: number; page: number; size: number };
    const buyer = await loadRow(ctx.db, ctx.engine.get('user_manager')!, userId);
    if (!buyer || !(MARKETPLACE_USER_TYPES as readonly unknown[]).includes(buyer.type)) {
      const message = t(`No marketplace user with id ${userId}`, `不存在 ID 为 ${userId} 的买家`);
      throw fieldsError([{ path: 'userId', message }], ctx.lang);
    }
    const { conversations } = chatEntities(ctx.engine);
    const where = eq(conversations.col('userId'), userId);
    const { total, rows } = await pageOfRows(
      ctx.db,
      conversations,
      where,
      [desc(conversations.col('lastMessageAt')), desc(conversations.col('id'))],
      { page, size },
    );
    const text = (v: unknown) => (v == null ? null : String(v));
    return {
      total,
      list: rows.map((r) => ({
        id: Number(r.id),
        companyId: Number(r.companyId),
        companyName: String(r.companyName ?? ''),
        source: r.source as 'company' | 'product' | 'requirement',
        subjectId: r.subjectId == null ? null : Number(r.subjectId),
        title: text(r.title),
        lastMessage: String(r.lastMessage ?? ''),
        lastSender: r.lastSender as 'buyer' | 'company' | 'staff',
        lastMessageAt: (r.lastMessageAt as Date).toISOString(),
        messageCount: Number(r.messageCount ?? 0),
      })),
    };
  },
};
