import { entities } from '@organiser/domain';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import { entityTables } from '../../db/schema/entities';
import { insertDemoRows } from '../../engine';
import type { SeedContext } from '../../seed';

// Demo conversations: two for each of the first demo companies (the demo supplier's first among them), from the
// demo buyers, in English and Chinese, about the company or one of its products. Some are answered and read,
// some wait for the organiser or the supplier, and one message is hidden by moderation with its reason.

const COMPANIES = 12;
const HOUR = 3_600_000;

type Line = { sender: 'buyer' | 'company' | 'staff'; content: string };

const threads: { title: string; realname: string; lines: Line[] }[] = [
  {
    title: 'Delivery to Rotterdam',
    realname: 'Anna de Vries',
    lines: [
      { sender: 'buyer', content: 'Hello, can you ship 200 units to Rotterdam in March?' },
      { sender: 'company', content: 'Yes, by sea: about 30 days from Ningbo. Shall I send a quotation?' },
      { sender: 'buyer', content: 'Please do, with the CE certificate.' },
    ],
  },
  {
    title: '样品咨询',
    realname: '王磊',
    lines: [
      { sender: 'buyer', content: '您好，请问可以先寄样品吗？运费我们承担。' },
      { sender: 'company', content: '可以的，样品免费，三天内寄出。' },
    ],
  },
  {
    title: 'Payment terms',
    realname: 'Carlos Méndez',
    lines: [{ sender: 'buyer', content: 'Do you accept L/C at sight for a first order of 15,000 USD?' }],
  },
  {
    title: '价格与起订量',
    realname: '李娜',
    lines: [
      { sender: 'buyer', content: '最小起订量是多少？加我微信详聊 <script>alert(1)</script>' },
      { sender: 'staff', content: '平台提醒：请通过站内聊天沟通，勿在消息中留下外部联系方式。' },
    ],
  },
];

export async function seedChatDemo(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const company = entityTables.company!;
  const user = entityTables.user_manager!;
  const companies = await db
    .select({ id: company.id, name: company.name })
    .from(company)
    .where(isNull(company.deletedAt))
    .orderBy(asc(company.id))
    .limit(COMPANIES);
  const buyers = await db
    .select({ id: user.id, account: user.account })
    .from(user)
    .where(and(inArray(user.type, ['buyer', 'trader']), isNull(user.deletedAt)))
    .orderBy(asc(user.id))
    .limit(20);
  if (companies.length === 0 || buyers.length === 0) return;
  const now = Date.now();
  const plans = companies.flatMap((c, i) =>
    [0, 1].map((j) => {
      const thread = threads[(i * 2 + j) % threads.length]!;
      const buyer = buyers[(i * 2 + j) % buyers.length]!;
      const start = now - (i * 2 + j + 1) * 5 * HOUR;
      const last = thread.lines[thread.lines.length - 1]!;
      const answered = last.sender !== 'buyer';
      // every third answered conversation is also read by both sides
      const read = answered && (i + j) % 3 === 0;
      return { c, buyer, thread, start, last, answered, read };
    }),
  );
  const conversations = await insertDemoRows(
    db,
    entities.site_chat_conversation!,
    plans.map((p) => ({
      userId: p.buyer.id,
      companyId: p.c.id,
      source: 'company',
      subjectId: 0,
      title: p.thread.title,
      userRealname: p.thread.realname,
      companyName: p.c.name,
      lastMessage: p.last.content,
      lastSender: p.last.sender,
      messageCount: p.thread.lines.length,
      readedByStaff: p.read || p.last.sender === 'staff',
      readedByCompany: p.read || p.last.sender === 'company',
      replied: p.answered,
      lastMessageAt: new Date(p.start + (p.thread.lines.length - 1) * HOUR),
    })),
  );
  const messages = plans.flatMap((p, k) =>
    p.thread.lines.map((line, n) => {
      const at = new Date(p.start + n * HOUR);
      return {
        conversationId: Number(conversations[k]!.id),
        companyId: p.c.id,
        userId: p.buyer.id,
        source: 'company',
        subjectId: 0,
        title: p.thread.title,
        content: line.content,
        attachments: [],
        sender: line.sender,
        senderAccount:
          line.sender === 'buyer' ? p.buyer.account : line.sender === 'staff' ? 'admin' : 'supplier',
        recipients: line.sender === 'buyer' ? p.c.name : p.thread.realname,
        userRealname: p.thread.realname,
        companyName: p.c.name,
        readed: line.sender === 'company' || p.read,
        replied: line.sender === 'buyer' && p.thread.lines.slice(n).some((l) => l.sender !== 'buyer'),
        // the message asking to leave the chat is hidden by moderation
        hidden: line.content.includes('微信'),
        hiddenReason: line.content.includes('微信')
          ? '含站外联系方式 / Contact details outside the platform'
          : null,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await insertDemoRows(db, entities.site_chat_message!, messages);
  ctx.log(`demo chat: ${conversations.length} conversations, ${messages.length} messages`);
}
