import { entities } from '@organiser/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { inboxMessage } from '../../db/schema';
import { entityTables } from '../../db/schema/entities';
import { insertDemoRows } from '../../engine';
import type { SeedContext } from '../../seed';

// Demo site letters in English and Chinese: two sent by staff (to every user, to the buyers) with their inbox
// deliveries, some read; one scheduled for later; one draft; and one a demo supplier sent to its buyers.

const DAY = 86_400_000;

export async function seedLetterDemo(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const user = entityTables.user_manager!;
  const consult = entityTables.consult!;
  const letters = entityTables.site_message!;
  const now = Date.now();
  const users = await db
    .select({ id: user.id, type: user.type })
    .from(user)
    .where(and(inArray(user.type, ['buyer', 'trader']), isNull(user.deletedAt), eq(user.status, 'enabled')))
    .orderBy(asc(user.id))
    .limit(40);
  const [firstConsult] = await db
    .select({ companyId: consult.companyId })
    .from(consult)
    .orderBy(asc(consult.id))
    .limit(1);
  const sentAt = (days: number) => new Date(now - days * DAY);
  const rows = [
    {
      title: 'Welcome to the spring sourcing season',
      content: '<p>New suppliers joined this month. <strong>Browse the catalogue</strong> now.</p>',
      targetType: 'all',
      status: 'sent',
      sentAt: sentAt(6),
    },
    {
      title: '采购商专属：春季采购节优惠',
      content: '<p>春季采购节期间，认证采购商可享受<strong>免费样品</strong>服务。</p>',
      targetType: 'userType',
      userType: 'buyer',
      status: 'sent',
      sentAt: sentAt(2),
    },
    {
      title: '平台系统升级通知',
      content: '<p>平台将于本周末进行系统升级，届时部分功能暂停使用。</p>',
      targetType: 'all',
      status: 'scheduled',
      sendTime: new Date(now + 3 * DAY),
    },
    {
      title: 'Draft: new payment options',
      content: '<p>We are adding new payment options for buyers.</p>',
      targetType: 'all',
      status: 'draft',
    },
    ...(firstConsult
      ? [
          {
            title: 'Thank you for your enquiry',
            content: '<p>Our new catalogue is attached to our company page.</p>',
            targetType: 'buyers',
            status: 'sent',
            sentAt: sentAt(1),
            companyId: firstConsult.companyId,
          },
        ]
      : []),
  ];
  const written = await insertDemoRows(db, entities.site_message!, rows);
  for (const [i, letter] of written.entries()) {
    const row = rows[i]!;
    if (row.status !== 'sent') continue;
    let recipients = row.targetType === 'userType' ? users.filter((u) => u.type === row.userType) : users;
    if (row.targetType === 'buyers') {
      const buyers = await db
        .selectDistinct({ id: consult.userId })
        .from(consult)
        .where(eq(consult.companyId, Number(row.companyId)));
      const ids = new Set(buyers.map((b) => Number(b.id)));
      recipients = users.filter((u) => ids.has(u.id));
    }
    if (!recipients.length) continue;
    const read = recipients.filter((_, k) => k % 3 === 0).length;
    await db.insert(inboxMessage).values(
      recipients.map((u, k) => ({
        kind: 'letter',
        letterId: Number(letter.id),
        userId: u.id,
        title: row.title,
        content: row.content,
        createdAt: row.sentAt,
        readAt: k % 3 === 0 ? new Date(row.sentAt!.getTime() + DAY / 2) : null,
      })),
    );
    await db
      .update(letters)
      .set({ deliveryCount: recipients.length, readCount: read })
      .where(eq(letters.id, Number(letter.id)));
  }
  ctx.log(`demo site letters: ${written.length}`);
}
