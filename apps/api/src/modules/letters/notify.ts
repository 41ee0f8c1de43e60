import {
  INFORM_EVENTS,
  INFORM_TEXT_FIELDS,
  type InformEvent,
  informPlaceholders,
  type KitIssue,
  t,
} from '@organiser/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { company as companyTable, inboxMessage, informMessage as templateTable } from '../../db/schema';
import type { Row, Tx, WriteContext, WriteEvent } from '../../engine';
import type { Mailer } from '../mail';

// Notifications: on a system event the enabled template of that event (inform_message) is filled with the
// event's values and delivered to the company's inbox, and mailed to the company's address when the template
// says so (through the mail module: the outbox or SMTP, each mail in the email log). A template names only the
// placeholders of its event: any other is refused naming the field and the placeholder.

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** The placeholders a text names, each once, in order. */
export const placeholdersIn = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

const LABELS: Record<(typeof INFORM_TEXT_FIELDS)[number], { en: string; zh: string }> = {
  enTitle: { en: 'Title (English)', zh: '标题（英文）' },
  zhTitle: { en: 'Title (Chinese)', zh: '标题（中文）' },
  enBody: { en: 'Body (English)', zh: '内容（英文）' },
  zhBody: { en: 'Body (Chinese)', zh: '内容（中文）' },
};

/** beforeWrite of inform_message: every placeholder of each text is one of its event's. */
export async function checkPlaceholders(
  _ctx: WriteContext,
  values: Record<string, unknown>,
  current: Row | null,
): Promise<KitIssue[]> {
  const merged = { ...(current ?? {}), ...values };
  const event = String(merged.event ?? '');
  const allowed = informPlaceholders(event);
  const eventLabel = INFORM_EVENTS.find((e) => e.value === event)?.label ?? t(event, event);
  const issues: KitIssue[] = [];
  for (const field of INFORM_TEXT_FIELDS) {
    const text = merged[field];
    if (typeof text !== 'string') continue;
    const unknown = placeholdersIn(text).filter((p) => !allowed.includes(p));
    if (!unknown.length) continue;
    const names = unknown.map((p) => `{${p}}`).join(', ');
    issues.push({
      path: field,
      message: t(
        `${LABELS[field].en}: the event “${eventLabel.en}” has no placeholder ${names}`,
        `${LABELS[field].zh}：事件“${eventLabel.zh}”没有占位符 ${names}`,
      ),
    });
  }
  return issues;
}

/** A text with its placeholders replaced by the event's values (an unknown one is left empty). */
export const fill = (text: string, data: Record<string, string>) =>
  text.replace(PLACEHOLDER, (_, name: string) => data[name] ?? '');

export type Notification = {
  event: InformEvent;
  companyId: number;
  data: Record<string, string>;
};

/** Where notification mails go: the server's mailer, once its routes started (none in a bare engine). */
export type NotifyRuntime = { mailer: () => Mailer | null };

/** Delivers one event's notification to the company's inbox (and mails it when the template says so);
 * nothing when the event's template in use is disabled or there is none. Answers the inbox row's id. Called in
 * a transaction, `later` defers the mail to its commit (the mail goes out through its own connection and may
 * wait on SMTP: inside, it would hold the transaction's locks, and go out for a write rolled back). */
export async function notify(
  db: Tx,
  mailer: Mailer | null,
  n: Notification,
  later?: (work: () => Promise<unknown>) => void,
): Promise<number | null> {
  const tpl = templateTable!;
  const [template] = await (db as Db)
    .select()
    .from(tpl)
    .where(and(eq(tpl.event, n.event), eq(tpl.inUse, true), eq(tpl.status, 'enabled'), isNull(tpl.deletedAt)))
    .limit(1);
  if (!template) return null;
  const data = { ...n.data };
  const texts = {
    title: fill(String(template.enTitle ?? ''), data),
    content: fill(String(template.enBody ?? ''), data),
    titleZh: fill(String(template.zhTitle ?? ''), data),
    contentZh: fill(String(template.zhBody ?? ''), data),
  };
  const [row] = await (db as Db)
    .insert(inboxMessage)
    .values({ kind: 'notification', event: n.event, companyId: n.companyId, ...texts })
    .returning({ id: inboxMessage.id });
  if (template.sendMail && mailer) {
    const c = companyTable!;
    const [company] = await (db as Db)
      .select({ email: c.email, languages: c.languages })
      .from(c)
      .where(eq(c.id, n.companyId));
    const languages = (company?.languages as string[] | null) ?? [];
    const zh = languages.length === 1 && languages[0] === 'zh';
    if (company?.email) {
      const send = () =>
        mailer.sendMail({
          to: String(company.email),
          template: 'notification',
          lang: zh ? 'zh' : 'en',
          data: zh
            ? { subject: texts.titleZh, body: texts.contentZh }
            : { subject: texts.title, body: texts.content },
        });
      if (later) later(send);
      else await send();
    }
  }
  return row?.id ?? null;
}

const str = (v: unknown) => (v == null ? '' : String(v));

async function companyName(db: Db, companyId: number): Promise<string> {
  const c = companyTable!;
  const [row] = await db.select({ name: c.name }).from(c).where(eq(c.id, companyId));
  return str(row?.name);
}

/** afterCommit of company_audit: a company passed or refused is told so. */
export function companyAuditNotice(runtime: NotifyRuntime) {
  return async function notifyCompanyAudit(ctx: WriteContext, event: WriteEvent): Promise<void> {
    if (event.action !== 'pass' && event.action !== 'refuse') return;
    for (const { before, after } of event.rows) {
      if (!after || before?.auditStatus === after.auditStatus) continue;
      const passed = after.auditStatus === 'passed';
      if (!passed && after.auditStatus !== 'refused') continue;
      await notify(ctx.db, runtime.mailer(), {
        event: passed ? 'companyPassed' : 'companyRefused',
        companyId: Number(after.id),
        data: { companyName: str(after.name), reason: str(after.auditReason) },
      });
    }
  };
}

/** afterCommit of product: the product's company is told when it is refused. */
export function productAuditNotice(runtime: NotifyRuntime) {
  return async function notifyProductRefused(ctx: WriteContext, event: WriteEvent): Promise<void> {
    if (event.action !== 'refuse') return;
    for (const { before, after } of event.rows) {
      if (!after || before?.auditStatus === 'refused' || after.auditStatus !== 'refused') continue;
      const companyId = Number(after.companyId);
      await notify(ctx.db, runtime.mailer(), {
        event: 'productRefused',
        companyId,
        data: {
          companyName: await companyName(ctx.db, companyId),
          productName: str(after.name),
          reason: str(after.auditRemark),
        },
      });
    }
  };
}

/** The notification runtime of each engine (set by the letters module), for modules that report events from
 * their own routes (a consult received through the marketplace API). */
const runtimes = new WeakMap<object, NotifyRuntime>();

export const setNotifyRuntime = (engine: object, runtime: NotifyRuntime) => runtimes.set(engine, runtime);

/** The mailer notifications of this engine are mailed with (none before the server started). */
export const notifyMailer = (engine: object): Mailer | null => runtimes.get(engine)?.mailer() ?? null;

/** A consult received: its company is told, in the consult's transaction. */
export async function notifyConsultReceived(
  db: Tx,
  engine: object,
  consult: { companyId: number; productName: string; buyerName: string; content: string },
  later?: (work: () => Promise<unknown>) => void,
): Promise<void> {
  await notify(
    db,
    notifyMailer(engine),
    {
      event: 'consultReceived',
      companyId: consult.companyId,
      data: {
        companyName: await companyName(db as Db, consult.companyId),
        productName: consult.productName,
        buyerName: consult.buyerName,
        content: consult.content,
      },
    },
    later,
  );
}
