import { isIP } from 'node:net';
import { CONSULT_CONTENT_MAX, type KitIssue, MARKETPLACE_USER_TYPES, t } from '@organiser/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Engine, fieldsError, loadRow, toRecord, withEffective } from '../../engine';
import type { OpenContext, OpenRoute } from '../../open/types';
import { notifyBadges } from '../chat/badges';
import { notifyConsultReceived } from '../letters';
import { consumeQuota } from '../quota';

// `POST /api/open/v1/consults` (scope consults:write): a buyer's new enquiry to a company, optionally about one
// of its products. The buyer must be a marketplace user, the company public with enquiries enabled, the
// product one of that company's. In the one transaction of the request: one of the company's monthly
// enquiries (`consultLimit`, key 'consult') is taken, the consult is stored, the company's `consultNum`
// follows and the company gets its "consult received" notification (letters module). Content is stored as the buyer wrote it and always shown as text.

const id = z.number().int().positive().max(2147483647);
const text = (max: number) => z.string().trim().max(max).optional().nullable();

export const newConsult = z.object({
  userId: id.describe('The buyer: a marketplace user'),
  companyId: id.describe('The company the enquiry is sent to'),
  productId: id
    .optional()
    .nullable()
    .describe('One of that company’s products, when the enquiry is about it'),
  content: z.string().trim().min(1).max(CONSULT_CONTENT_MAX),
  fromBuyNum: z.number().int().min(0).max(1_000_000_000).optional().nullable(),
  contact: text(100),
  phone: text(30),
  email: z.string().trim().email().max(100).optional().nullable(),
  country: text(100),
  workTitle: text(100),
  ip: z
    .string()
    .trim()
    .max(45)
    .refine((v) => isIP(v) !== 0, 'An IPv4 or IPv6 address')
    .optional()
    .nullable()
    .describe('The buyer’s address as the marketplace saw it'),
});

export type NewConsult = z.infer<typeof newConsult>;

const stored = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  companyId: z.number().int(),
  productId: z.number().int().nullable(),
  type: z.enum(['company', 'product']),
  content: z.string(),
  isFeedback: z.boolean(),
  consultTime: z.string(),
});

const issue = (path: string, en: string, zh: string): KitIssue => ({ path, message: t(en, zh) });

/** The refusals of a new consult's references, each naming its field; empty when all hold. */
async function checkReferences(
  ctx: OpenContext,
  body: NewConsult,
): Promise<{ issues: KitIssue[]; limit: number | null }> {
  const { db, engine } = ctx;
  const issues: KitIssue[] = [];
  const buyer = await loadRow(db, entity(engine, 'user_manager'), body.userId);
  if (!buyer || !(MARKETPLACE_USER_TYPES as readonly unknown[]).includes(buyer.type))
    issues.push(
      issue('userId', `No marketplace user with id ${body.userId}`, `不存在 ID 为 ${body.userId} 的买家`),
    );
  const companies = entity(engine, 'company');
  const row = await loadRow(db, companies, body.companyId);
  let limit: number | null = null;
  if (!row?.isPublic) {
    issues.push(
      issue(
        'companyId',
        `No open company with id ${body.companyId}`,
        `不存在 ID 为 ${body.companyId} 的已开放企业`,
      ),
    );
  } else {
    const [company] = await withEffective(db, engine, companies, [toRecord(companies, row)]);
    const effective = (company?.effective ?? {}) as Record<string, { value: unknown }>;
    if (effective.enableConsult?.value !== true)
      issues.push(
        issue(
          'companyId',
          `The company ${body.companyId} does not accept enquiries`,
          `企业 ${body.companyId} 未开通咨询`,
        ),
      );
    const value = effective.consultLimit?.value;
    limit = typeof value === 'number' ? value : null;
  }
  if (body.productId != null) {
    const product = await loadRow(db, entity(engine, 'product'), body.productId);
    if (!product || product.companyId !== body.companyId)
      issues.push(
        issue(
          'productId',
          `No product with id ${body.productId} of company ${body.companyId}`,
          `企业 ${body.companyId} 没有 ID 为 ${body.productId} 的产品`,
        ),
      );
  }
  return { issues, limit };
}

function entity(engine: Engine, name: string) {
  const found = engine.get(name);
  if (!found) throw new Error(`entity ${name} is not registered`);
  return found;
}

/** Stores a checked consult in the caller's transaction: the quota, the record, the company's counter. */
export async function receiveConsult(ctx: OpenContext, body: NewConsult) {
  const { issues, limit } = await checkReferences(ctx, body);
  if (issues.length > 0) throw fieldsError(issues, ctx.lang);
  await consumeQuota(ctx.db, { companyId: body.companyId, key: 'consult', limit, now: ctx.now });
  const consults = entity(ctx.engine, 'consult');
  const [row] = (await ctx.db
    .insert(consults.table)
    .values({
      ...body,
      productId: body.productId ?? null,
      type: body.productId != null ? 'product' : 'company',
      isFeedback: false,
      consultTime: ctx.now,
    } as never)
    .returning()) as Record<string, unknown>[];
  const companies = entity(ctx.engine, 'company');
  await ctx.db
    .update(companies.table)
    .set({ consultNum: sql`coalesce(${companies.col('consultNum')}, 0) + 1` } as never)
    .where(eq(companies.col('id'), body.companyId));
  ctx.afterCommit?.(notifyBadges);
  const r = row!;
  // the company's "consult received" notification: its inbox row in the consult's transaction, its mail after
  const product =
    body.productId != null ? await loadRow(ctx.db, entity(ctx.engine, 'product'), body.productId) : null;
  const buyer = await loadRow(ctx.db, entity(ctx.engine, 'user_manager'), body.userId);
  await notifyConsultReceived(
    ctx.db,
    ctx.engine,
    {
      companyId: body.companyId,
      productName: product ? String(product.name ?? '') : '',
      buyerName: String(buyer?.realname || buyer?.account || body.contact || ''),
      content: body.content,
    },
    ctx.afterCommit,
  );
  return {
    id: Number(r.id),
    userId: Number(r.userId),
    companyId: Number(r.companyId),
    productId: r.productId == null ? null : Number(r.productId),
    type: r.type as 'company' | 'product',
    content: String(r.content),
    isFeedback: r.isFeedback === true,
    consultTime: (r.consultTime as Date).toISOString(),
  };
}

export const createConsultRoute: OpenRoute = {
  method: 'POST',
  url: '/consults',
  operationId: 'openCreateConsult',
  summary: 'A buyer’s new enquiry to a company',
  description:
    'Refused naming the field for an unknown buyer, a company that is not open or does not accept enquiries, or a product of another company; 429 limitExceed when the company has received its monthly enquiries.',
  scope: 'consults:write',
  body: newConsult,
  response: stored,
  examples: {
    body: {
      userId: 1042,
      companyId: 12,
      productId: 301,
      content: 'Please quote 200 units, delivery to Rotterdam.',
      fromBuyNum: 200,
      contact: 'Anna de Vries',
      email: 'anna@example.com',
      country: 'Netherlands',
      workTitle: 'Buyer',
      ip: '203.0.113.7',
    },
    response: {
      id: 5001,
      userId: 1042,
      companyId: 12,
      productId: 301,
      type: 'product',
      content: 'Please quote 200 units, delivery to Rotterdam.',
      isFeedback: false,
      consultTime: '2026-11-26T09:30:00.000Z',
    },
  },
  handler: async ({ body }, ctx) => receiveConsult(ctx, body as NewConsult),
};
