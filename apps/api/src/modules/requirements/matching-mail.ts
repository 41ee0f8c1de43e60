import type { Lang } from '@organiser/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  buyRequirementMail,
  productCategory as categoryTable,
  company as companyTable,
} from '../../db/schema';

import type { WriteContext, WriteEvent } from '../../engine';
import { notify } from '../letters';
import type { Mailer } from '../mail';

// The matching mail: when a requirement is authorised, every live, enabled company whose main product
// categories hold the requirement's category, one of its sub-categories or its parent category (the same
// branch of the two-level tree: a supplier of "Pumps" wants a requirement for "Centrifugal pumps", and the
// other way round) and whose "email matching purchase requirements" flag is on gets one mail. The pairs are
// claimed in one statement (a unique row per requirement and company), so a second authorisation, a batch, or
// a second node never mails a company twice; the mails go out after the write committed, and each is logged
// in the email log by the mailer. A company whose languages name only Chinese or only English gets that
// language; any other gets both. Each mailed company also gets the "purchase requirement matched"
// notification in its inbox (letters module).

const company = companyTable!;
const productCategory = categoryTable!;

export type MailRuntime = { mailer: () => Mailer | null; address: () => string };

type Requirement = { id: number; title: string; categoryId: number; requirementNo: string; endTime: Date };

/** The category, its children and its parent. */
async function categoryBranch(db: Db, categoryId: number): Promise<number[]> {
  const [own] = await db
    .select({ parentId: productCategory.parentId })
    .from(productCategory)
    .where(eq(productCategory.id, categoryId));
  const children = await db
    .select({ id: productCategory.id })
    .from(productCategory)
    .where(and(eq(productCategory.parentId, categoryId), isNull(productCategory.deletedAt)));
  return [categoryId, ...children.map((c) => c.id), ...(own?.parentId ? [Number(own.parentId)] : [])];
}

const mailLang = (languages: string[] | null): Lang | 'both' => {
  const known = (languages ?? []).filter((l) => l === 'en' || l === 'zh');
  return known.length === 1 && (languages ?? []).length === 1 ? (known[0] as Lang) : 'both';
};

async function categoryName(db: Db, categoryId: number): Promise<{ en: string; zh: string }> {
  const [row] = await db
    .select({ name: productCategory.name, en: productCategory.enName, zh: productCategory.zhName })
    .from(productCategory)
    .where(eq(productCategory.id, categoryId));
  return { en: row?.en || row?.name || '', zh: row?.zh || row?.name || '' };
}

/** Mails the matching companies of one authorised requirement that were not mailed about it yet. */
export async function mailMatching(db: Db, runtime: MailRuntime, requirement: Requirement): Promise<number> {
  const mailer = runtime.mailer();
  if (!mailer) return 0;
  const branch = await categoryBranch(db, requirement.categoryId);
  const claimed = await db
    .insert(buyRequirementMail)
    .select(
      db
        .select({
          requirementId: sql<number>`${requirement.id}::int`.as('requirement_id'),
          companyId: company.id,
          mailLogId: sql<number | null>`null::int`.as('mail_log_id'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(company)
        .where(
          and(
            isNull(company.deletedAt),
            eq(company.status, 'enabled'),
            eq(company.sendedEmail, true),
            sql`${company.email} is not null and ${company.email} <> ''`,
            sql`${company.productCategoryIds} && ${sql.raw(`ARRAY[${branch.map(Number).join(',')}]::integer[]`)}`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ companyId: buyRequirementMail.companyId });
  if (!claimed.length) return 0;
  const companies = await db
    .select({ id: company.id, name: company.name, email: company.email, languages: company.languages })
    .from(company)
    .where(
      inArray(
        company.id,
        claimed.map((c) => c.companyId),
      ),
    );
  const category = await categoryName(db, requirement.categoryId);
  const link = `${runtime.address()}/buy_requirement/buy_requirement_edit/${requirement.id}`;
  for (const c of companies) {
    const lang = mailLang(c.languages as string[] | null);
    const sent = await mailer.sendMail({
      to: String(c.email),
      template: 'buyRequirementMatch',
      lang: lang === 'both' ? 'en' : lang,
      data: {
        company: String(c.name ?? ''),
        title: requirement.title,
        number: requirement.requirementNo,
        categoryEn: category.en,
        categoryZh: category.zh,
        endTime: requirement.endTime.toISOString().slice(0, 10),
        link,
        both: lang === 'both' ? '1' : '',
      },
    });
    // the company's "purchase requirement matched" notification in its inbox
    await notify(db, mailer, {
      event: 'requirementMatched',
      companyId: c.id,
      data: {
        companyName: String(c.name ?? ''),
        requirementTitle: requirement.title,
        requirementNo: requirement.requirementNo,
        endTime: requirement.endTime.toISOString().slice(0, 10),
      },
    });
    await db
      .update(buyRequirementMail)
      .set({ mailLogId: sent.id })
      .where(
        and(eq(buyRequirementMail.requirementId, requirement.id), eq(buyRequirementMail.companyId, c.id)),
      );
  }
  return companies.length;
}

/** The afterCommit hook: mails for the requirements an authorise (one or a batch) moved to authorised. */
export function matchingMailHook(runtime: MailRuntime) {
  return async function mailMatchingCompanies(ctx: WriteContext, event: WriteEvent): Promise<void> {
    if (event.action !== 'authorise') return;
    for (const { before, after } of event.rows) {
      if (after?.authed !== 'authorised' || before?.authed === 'authorised') continue;
      await mailMatching(ctx.db, runtime, {
        id: Number(after.id),
        title: String(after.title ?? ''),
        categoryId: Number(after.categoryId),
        requirementNo: String(after.requirementNo ?? ''),
        endTime: new Date(after.endTime as string | Date),
      });
    }
  };
}
