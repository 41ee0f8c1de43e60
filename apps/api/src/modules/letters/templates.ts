import type { InformEvent } from '@organiser/domain';
import { sql } from 'drizzle-orm';
import { informMessage as templateTable } from '../../db/schema';
import type { ReferenceSeed } from '../../seed';

// The notification templates every deployment starts with, one per event. A template is written only for an
// event that has none yet (live or in the trash), so what staff edit, disable or remove is never overwritten.

type Seed = {
  event: InformEvent;
  enTitle: string;
  zhTitle: string;
  enBody: string;
  zhBody: string;
  sendMail: boolean;
};

export const referenceTemplates: readonly Seed[] = [
  {
    event: 'companyPassed',
    enTitle: 'Your company has passed the audit',
    zhTitle: '您的企业已通过审核',
    enBody: 'Hello {companyName}, your company has passed the audit and is now shown on the marketplace.',
    zhBody: '{companyName}，您好：您的企业已通过审核，现已在平台展示。',
    sendMail: true,
  },
  {
    event: 'companyRefused',
    enTitle: 'Your company was not approved',
    zhTitle: '您的企业未通过审核',
    enBody:
      'Hello {companyName}, your company was not approved: {reason}. Please correct it and submit again.',
    zhBody: '{companyName}，您好：您的企业未通过审核，原因：{reason}。请修改后重新提交。',
    sendMail: true,
  },
  {
    event: 'productRefused',
    enTitle: 'Your product {productName} was not approved',
    zhTitle: '您的产品 {productName} 未通过审核',
    enBody: 'Hello {companyName}, your product {productName} was not approved: {reason}.',
    zhBody: '{companyName}，您好：您的产品 {productName} 未通过审核，原因：{reason}。',
    sendMail: false,
  },
  {
    event: 'consultReceived',
    enTitle: 'New enquiry from {buyerName}',
    zhTitle: '收到来自 {buyerName} 的新咨询',
    enBody: '{buyerName} sent an enquiry to {companyName} {productName}: {content}',
    zhBody: '{buyerName} 向 {companyName} 发送了咨询 {productName}：{content}',
    sendMail: false,
  },
  {
    event: 'requirementMatched',
    enTitle: 'A purchase requirement matches your products',
    zhTitle: '有与您主营产品匹配的采购需求',
    enBody:
      'Hello {companyName}, the purchase requirement “{requirementTitle}” ({requirementNo}) is open until {endTime}.',
    zhBody: '{companyName}，您好：采购需求“{requirementTitle}”（{requirementNo}）截止时间 {endTime}。',
    // the matching mail of the requirements module already mails these companies
    sendMail: false,
  },
];

const TEMPLATE_SEED_LOCK = 7_310_402_263;

/** Writes the templates of the events that have none; answers how many were written. */
export const templateSeed: ReferenceSeed = {
  name: 'inform-templates',
  run: async ({ db, log }) => {
    const tpl = templateTable!;
    // two nodes starting together: one writes, the other then finds the templates
    const written = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${TEMPLATE_SEED_LOCK})`);
      const existing = new Set((await tx.select({ event: tpl.event }).from(tpl)).map((r) => r.event));
      const missing = referenceTemplates.filter((t) => !existing.has(t.event));
      if (!missing.length) return 0;
      const rows = await tx
        .insert(tpl)
        .values(missing.map((m) => ({ ...m, inUse: true })))
        .returning({ id: tpl.id });
      return rows.length;
    });
    if (written) log(`reference data: ${written} notification templates`);
  },
};
