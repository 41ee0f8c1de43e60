import {
  type KitIssue,
  MARKETPLACE_USER_TYPES,
  SITE_MESSAGE_TARGETS,
  SUPPLIER_LETTER_TARGETS,
  t,
} from '@organiser/domain';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { inboxMessage } from '../../db/schema';
import {
  type CommandHandler,
  type Engine,
  type EngineEntity,
  fieldsError,
  loadRow,
  type Row,
  type Tx,
  toRecord,
  type WriteContext,
  type WriteEvent,
  withEffective,
} from '../../engine';
import { consumeQuota, releaseQuota } from '../quota';

// Site letters (site_message): who a letter goes to, checked before it is written, and its sending. Sending
// (the `send` action, by staff, a supplier or the scheduling job) writes one inbox row per recipient in one
// INSERT … SELECT inside the action's transaction, so a letter is delivered whole or not at all, and the unique
// indexes of the inbox deliver it once to each recipient even if two sendings raced. A supplier's letter takes
// one of its company's monthly site letters (`siteLetterLimit`) when it is sent, or when it is scheduled from the
// month it is scheduled for; a cancelled scheduled letter gives that month's back.

const issue = (path: string, en: string, zh: string): KitIssue => ({ path, message: t(en, zh) });

function entityOf(engine: Engine, name: string): EngineEntity {
  const found = engine.get(name);
  if (!found) throw new Error(`entity ${name} is not registered`);
  return found;
}

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number).filter((n) => Number.isSafeInteger(n)) : [];

/** The users among `userIds` that consulted the company (its buyers). */
async function buyersAmong(
  db: Tx,
  engine: Engine,
  companyId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const consults = entityOf(engine, 'consult');
  const rows = (await db
    .selectDistinct({ userId: consults.col('userId') })
    .from(consults.table)
    .where(and(eq(consults.col('companyId'), companyId), inArray(consults.col('userId'), userIds)))) as {
    userId: number;
  }[];
  return new Set(rows.map((r) => Number(r.userId)));
}

function targetLabel(value: string) {
  return SITE_MESSAGE_TARGETS.find((o) => o.value === value)?.label ?? t(value, value);
}

/** The targets a caller may choose: a supplier its own buyers, staff anyone. */
async function checkTargets(ctx: WriteContext, merged: Row): Promise<KitIssue[]> {
  const target = String(merged.targetType ?? 'all');
  const scope = ctx.rowScope;
  if (!scope) {
    // staff write to anyone; to "our buyers" only on behalf of a sender company
    if (target !== 'buyers' || merged.companyId != null) return [];
    const label = targetLabel(target);
    return [
      issue(
        'targetType',
        `Send to: “${label.en}” is for a supplier’s letters`,
        `发送对象：“${label.zh}”仅适用于供应商的站内信`,
      ),
    ];
  }
  if (!(SUPPLIER_LETTER_TARGETS as readonly string[]).includes(target)) {
    return [
      issue(
        'targetType',
        'Send to: a supplier may write only to its own buyers',
        '发送对象：供应商只能给本企业的买家发送站内信',
      ),
    ];
  }
  if (target !== 'users') return [];
  const chosen = ids(merged.userIds);
  const buyers = await buyersAmong(ctx.db, ctx.engine, scope.companyId, chosen);
  const others = chosen.filter((id) => !buyers.has(id));
  if (!others.length) return [];
  return [
    issue(
      'userIds',
      `Users: ${others.join(', ')} never consulted your company`,
      `用户：${others.join('、')} 未曾咨询过本企业`,
    ),
  ];
}

/** beforeWrite of site_message: the targets, and only drafts edited. */
export async function checkLetter(
  ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  // a status action or command: nothing of the letter's own changes
  if (current && 'status' in values && values.status !== current.status) return [];
  if (current && Object.keys(values).length === 0) return [];
  if (current && current.status !== 'draft') {
    return [
      issue('status', 'A letter can be changed only while it is a draft', '站内信只有在草稿状态下才能修改'),
    ];
  }
  return checkTargets(ctx, { ...(current ?? {}), ...values });
}

/** The `schedule` command: a draft is sent at a time still to come (a past time is refused naming it). */
export const scheduleLetter: CommandHandler = async (_tx, ctx, { input }) => {
  const at = new Date(String(input.sendTime));
  if (!(at.getTime() > Date.now()))
    throw fieldsError(
      [issue('sendTime', 'Scheduled time must be in the future', '定时发送时间须晚于当前时间')],
      ctx.lang,
    );
  return { set: { status: 'scheduled', sendTime: at.toISOString() } };
};

/** The company's monthly site letter limit in force (its own, else its package's; null: unlimited). */
async function letterLimit(tx: Tx, engine: Engine, companyId: number): Promise<number | null> {
  const companies = entityOf(engine, 'company');
  const company = await loadRow(tx, companies, companyId, 'any');
  if (!company) return null;
  const [record] = await withEffective(tx, engine, companies, [toRecord(companies, company)]);
  const value = (record?.effective as Record<string, { value: unknown }> | undefined)?.siteLetterLimit?.value;
  return typeof value === 'number' ? value : null;
}

/** Writes a sent letter's inbox rows; answers how many recipients it has. */
export async function deliver(tx: Tx, engine: Engine, letter: Row): Promise<number> {
  const letterId = Number(letter.id);
  const inbox = inboxMessage;
  const title = String(letter.title ?? '');
  const content = String(letter.content ?? '');
  const target = String(letter.targetType);
  // one INSERT … SELECT of every recipient; a recipient the letter already reached is skipped
  const insert = (column: 'user_id' | 'company_id', recipientId: SQL, from: SQL, where: SQL | undefined) =>
    tx.execute(sql`insert into ${inbox} (kind, letter_id, ${sql.identifier(column)}, title, content)
      select 'letter', ${letterId}::int, ${recipientId}, ${title}::text, ${content}::text
      from ${from} where ${where} on conflict do nothing`);
  if (target === 'companies') {
    const companies = entityOf(engine, 'company');
    await insert(
      'company_id',
      sql`${companies.col('id')}`,
      sql`${companies.table}`,
      and(inArray(companies.col('id'), [0, ...ids(letter.companyIds)]), isNull(companies.col('deletedAt'))),
    );
  } else {
    const users = entityOf(engine, 'user_manager');
    const conditions = [
      isNull(users.col('deletedAt')),
      eq(users.col('status'), 'enabled'),
      inArray(users.col('type'), [...MARKETPLACE_USER_TYPES]),
    ];
    if (target === 'userType') conditions.push(eq(users.col('type'), String(letter.userType)));
    if (target === 'users') conditions.push(inArray(users.col('id'), [0, ...ids(letter.userIds)]));
    // the users holding one of the levels when the letter is sent (a level follows the user's points)
    if (target === 'levels') conditions.push(inArray(users.col('levelId'), [0, ...ids(letter.levelIds)]));
    if (letter.companyId != null || target === 'buyers') {
      // a supplier's letter reaches only the users that consulted its company
      const consults = entityOf(engine, 'consult');
      conditions.push(
        sql`${users.col('id')} in (select ${consults.col('userId')} from ${consults.table} where ${consults.col('companyId')} = ${Number(letter.companyId ?? 0)})`,
      );
    }
    await insert('user_id', sql`${users.col('id')}`, sql`${users.table}`, and(...conditions));
  }
  const [row] = await tx.select({ n: count() }).from(inbox).where(eq(inbox.letterId, letterId));
  return Number(row?.n ?? 0);
}

/** When a letter goes out: its scheduled time while scheduled, else now. */
const sendMonthOf = (row: Row): Date | undefined =>
  row.status === 'scheduled' && row.sendTime ? new Date(row.sendTime as string | Date) : undefined;

/** afterWrite of site_message: a sent letter's deliveries and counts; a supplier's monthly letters. */
export async function deliverLetter(tx: Tx, ctx: WriteContext, event: WriteEvent): Promise<void> {
  if (!['send', 'schedule', 'cancel'].includes(event.action)) return;
  const letters = ctx.entity;
  for (const { before, after } of event.rows) {
    if (!before || !after) continue;
    const companyId = after.companyId == null ? null : Number(after.companyId);
    if (companyId !== null) {
      const takes = event.action === 'schedule' || (event.action === 'send' && before.status === 'draft');
      // a scheduled letter counts in the month it goes out, and gives that month's letter back when cancelled
      if (takes) {
        const limit = await letterLimit(tx, ctx.engine, companyId);
        await consumeQuota(tx, { companyId, key: 'siteLetter', limit, now: sendMonthOf(after) });
      } else if (event.action === 'cancel' && before.status === 'scheduled') {
        await releaseQuota(tx, { companyId, key: 'siteLetter', now: sendMonthOf(before) });
      }
    }
    if (event.action !== 'send' || before.status === 'sent') continue;
    const delivered = await deliver(tx, ctx.engine, after);
    await tx
      .update(letters.table)
      .set({ deliveryCount: delivered, sentAt: new Date() } as never)
      .where(eq(letters.col('id'), Number(after.id)));
  }
}
