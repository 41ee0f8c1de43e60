import { entities } from '@organiser/domain';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { buyRequirementReveal, companyQuotaUsage } from '../../db/schema';
import { entityTables } from '../../db/schema/entities';
import { insertDemoRows, type Row } from '../../engine';
import { quotaPeriod } from '../../quota/quota';
import type { SeedContext } from '../../seed';
import { requirementNumber } from './number';

// Demo purchase requirements: forty, in English and Chinese, from the demo buyers, across the second-level
// product categories; pending, authorised, refused (with a reason) and expired ones; and a couple of reveals
// by the first demo supplier companies, counted in their month's usage.

const COUNT = 40;
const DAY_MS = 86_400_000;

const titles: [string, string][] = [
  ['Looking for 200 stainless centrifugal pumps', '求购不锈钢离心泵 200 台'],
  ['Need CNC lathes for a new workshop', '新车间采购数控车床'],
  ['Servo motors, 500 pcs, CE certified', '采购伺服电机 500 件，需 CE 认证'],
  ['Carton sealers for export packaging', '出口包装用封箱机'],
  ['Brushless DC motors for e-bikes', '电动自行车用无刷直流电机'],
];
const countries: [string, string][] = [
  ['Nigeria', '尼日利亚'],
  ['Germany', '德国'],
  ['Brazil', '巴西'],
  ['Vietnam', '越南'],
];

function authedOf(i: number): { authed: string; refuseReason?: string } {
  if (i % 5 === 1) return { authed: 'pending' };
  if (i % 5 === 3)
    return { authed: 'refused', refuseReason: i % 2 ? 'Contact details missing' : '联系方式不完整' };
  return { authed: 'authorised' };
}

function requirementRow(i: number, buyer: Row, categoryId: number, now: number, seq: number): Row {
  const zh = i % 2 === 1;
  const [enTitle, zhTitle] = titles[i % titles.length]!;
  const [enCountry, zhCountry] = countries[i % countries.length]!;
  const isExpired = i % 7 === 6;
  const endTime = new Date(now + (isExpired ? -3 : 10 + i) * DAY_MS);
  return {
    requirementNo: requirementNumber(new Date(now), seq),
    title: zh ? zhTitle : enTitle,
    categoryId,
    budget: zh ? `${(i + 1) * 5} 万元` : `USD ${(i + 1) * 5},000`,
    endTime,
    userId: buyer.id,
    company: zh ? `采购商贸易有限公司 ${i + 1}` : `Buyer Trading Co. ${i + 1}`,
    country: zh ? zhCountry : enCountry,
    contactTypes: ['email', i % 2 ? 'wechat' : 'whatsapp'],
    contactName: String(buyer.nickname ?? buyer.account ?? 'Buyer'),
    mobile: `1380000${String(1000 + i).padStart(4, '0')}`,
    email: `buyer${i + 1}@example.com`,
    content: zh ? '请报最低价，含运费。' : 'Please quote your best CIF price.',
    ...authedOf(i),
    status: isExpired ? 'expired' : 'effective',
    clickNum: (i * 7) % 50,
  };
}

export async function seedRequirementDemo(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const userManager = entityTables.user_manager!;
  const productCategory = entityTables.product_category!;
  const buyers = await db
    .select({ id: userManager.id, account: userManager.account, nickname: userManager.nickname })
    .from(userManager)
    .where(and(eq(userManager.type, 'buyer'), isNull(userManager.deletedAt)))
    .orderBy(asc(userManager.id))
    .limit(10);
  const categories = await db
    .select({ id: productCategory.id })
    .from(productCategory)
    .where(and(isNotNull(productCategory.parentId), isNull(productCategory.deletedAt)))
    .orderBy(asc(productCategory.id));
  if (!buyers.length || !categories.length) return;
  const now = Date.now();
  // numbers from the same sequence as every other requirement's, so none is given twice
  const numbers = rowsOf<{ n: number }>(
    await db.execute(
      sql`select nextval('buy_requirement_no_seq')::int as n from generate_series(1, ${COUNT})`,
    ),
  ).map((r) => Number(r.n));
  const rows = numbers.map((seq, i) =>
    requirementRow(i, buyers[i % buyers.length]!, categories[i % categories.length]!.id, now, seq),
  );
  const written = await insertDemoRows(db, entities.buy_requirement!, rows);
  await seedReveals(ctx, written);
  ctx.log(`demo purchase requirements: ${written.length}`);
}

/** The first two demo companies each revealed the first authorised, effective requirement. */
async function seedReveals(ctx: SeedContext, written: Row[]): Promise<void> {
  const company = entityTables.company!;
  const companies = await ctx.db
    .select({ id: company.id })
    .from(company)
    .where(isNull(company.deletedAt))
    .orderBy(asc(company.id))
    .limit(2);
  const open = written.find((r) => r.authed === 'authorised' && r.status === 'effective');
  if (!open || !companies.length) return;
  await ctx.db
    .insert(buyRequirementReveal)
    .values(companies.map((c) => ({ requirementId: Number(open.id), companyId: Number(c.id) })));
  await ctx.db
    .insert(companyQuotaUsage)
    .values(
      companies.map((c) => ({
        companyId: Number(c.id),
        quotaKey: 'buyRequirementAuth',
        period: quotaPeriod(),
        used: 1,
      })),
    )
    .onConflictDoNothing();
}
