import { and, desc, eq, sql } from 'drizzle-orm';
import type { CommandHandler, Engine, EngineEntity, Row, Tx } from '../../engine';
import { AppError } from '../../errors';

// A conversation's messages are appended here, by the conversation's `reply` command (staff, or a supplier
// account of its company: the engine's row scope answers 404 for any other company's conversation) and by the
// marketplace's buyer messages (open-routes.ts). Each message moves the conversation's summary: its last
// message, who sent it, the message count and, per reader, whether it is read (staff and the company read on
// their own) and whether the buyer's last message is answered.

export type Sender = 'buyer' | 'company' | 'staff';

export type NewMessage = {
  sender: Sender;
  senderAccount: string;
  content: string;
  attachments: string[];
  now?: Date;
};

export function chatEntities(engine: Engine): { conversations: EngineEntity; messages: EngineEntity } {
  const conversations = engine.get('site_chat_conversation');
  const messages = engine.get('site_chat_message');
  if (!conversations || !messages) throw new Error('the site chat entities are not registered');
  return { conversations, messages };
}

/** What a conversation's row becomes once a message of `sender` is appended. */
export function summaryAfter(conversation: Row, message: NewMessage, at: Date): Record<string, unknown> {
  const fromBuyer = message.sender === 'buyer';
  return {
    lastMessage: message.content,
    lastSender: message.sender,
    lastMessageAt: at,
    messageCount: Number(conversation.messageCount ?? 0) + 1,
    // a buyer's message is new to both readers; a reply is read by its side, new to the company when staff wrote
    readedByStaff: fromBuyer ? false : message.sender === 'staff' ? true : conversation.readedByStaff,
    readedByCompany: message.sender === 'company',
    replied: !fromBuyer,
  };
}

/** Inserts a message into the conversation (in the caller's transaction); answers the stored row. */
export async function insertMessage(tx: Tx, engine: Engine, conversation: Row, message: NewMessage) {
  const { messages } = chatEntities(engine);
  const fromBuyer = message.sender === 'buyer';
  if (!fromBuyer) {
    // the buyer's messages so far are answered
    await tx
      .update(messages.table)
      .set({ replied: true } as never)
      .where(
        and(
          eq(messages.col('conversationId'), Number(conversation.id)),
          eq(messages.col('sender'), 'buyer'),
          eq(messages.col('replied'), false),
        ),
      );
  }
  const [row] = (await tx
    .insert(messages.table)
    .values({
      conversationId: Number(conversation.id),
      companyId: Number(conversation.companyId),
      userId: Number(conversation.userId),
      source: conversation.source,
      subjectId: conversation.subjectId,
      title: conversation.title ?? null,
      content: message.content,
      attachments: message.attachments,
      sender: message.sender,
      senderAccount: message.senderAccount,
      recipients: fromBuyer
        ? String(conversation.companyName ?? '')
        : String(conversation.userRealname ?? ''),
      userRealname: conversation.userRealname ?? null,
      companyName: conversation.companyName ?? null,
      readed: message.sender === 'company',
      ...(message.now ? { createdAt: message.now, updatedAt: message.now } : {}),
    } as never)
    .returning()) as Row[];
  return row!;
}

/** POST /api/site_chat_conversation/reply/{id}: text and JPG/PNG images (checked by the engine's upload rules). */
export const replyToConversation: CommandHandler = async (tx, ctx, { row, input }) => {
  const conversation = row!;
  const message: NewMessage = {
    sender: ctx.rowScope ? 'company' : 'staff',
    senderAccount: ctx.actor?.account ?? '',
    content: String(input.content),
    attachments: Array.isArray(input.attachments) ? input.attachments.map(String) : [],
  };
  const stored = await insertMessage(tx, ctx.engine, conversation, message);
  return { set: summaryAfter(conversation, message, stored.createdAt as Date) };
};

/** POST /api/site_chat_conversation/markRead/{id}: read for the caller's side (its company, or staff). A supplier
 * reading also marks the buyer's messages read (the message's `readed` is its recipient's). */
export const markConversationRead: CommandHandler = async (tx, ctx, { row }) => {
  const conversation = row!;
  if (!ctx.rowScope) return { set: { readedByStaff: true } };
  const { messages } = chatEntities(ctx.engine);
  await tx
    .update(messages.table)
    .set({ readed: true } as never)
    .where(
      and(
        eq(messages.col('conversationId'), Number(conversation.id)),
        eq(messages.col('readed'), false),
        sql`${messages.col('sender')} <> 'company'`,
      ),
    );
  return { set: { readedByCompany: true } };
};

/** POST /api/site_chat_message/hide/{id}: moderation by staff, with a reason; the message stays (history). A
 * hidden last message leaves the conversation's summary: it shows the last message still visible. */
export const hideMessage: CommandHandler = async (tx, ctx, { row, input }) => {
  if (ctx.rowScope) throw new AppError('forbidden');
  const message = row!;
  const { conversations, messages } = chatEntities(ctx.engine);
  const conversationId = Number(message.conversationId);
  const latest = (await tx
    .select({ id: messages.col('id'), content: messages.col('content') })
    .from(messages.table)
    .where(and(eq(messages.col('conversationId'), conversationId), eq(messages.col('hidden'), false)))
    .orderBy(desc(messages.col('id')))
    .limit(2)) as { id: number; content: string }[];
  if (Number(latest[0]?.id) === Number(message.id)) {
    await tx
      .update(conversations.table)
      .set({ lastMessage: latest[1]?.content ?? '' } as never)
      .where(eq(conversations.col('id'), conversationId));
  }
  return { set: { hidden: true, hiddenReason: String(input.reason) } };
};
