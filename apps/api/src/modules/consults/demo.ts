import { entities } from '@organiser/domain';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import { consultReply } from '../../db/schema';
import { entityTables } from '../../db/schema/entities';
import { insertDemoRows } from '../../engine';
import type { SeedContext } from '../../seed';

// Demo consults: three for each of the first demo companies, from the demo buyers, in English and Chinese,
// about the company or one of its products; two in three have a reply thread (the supplier's answer, and
// sometimes the organiser's note), the others wait for a reply.

const COMPANIES = 40;

const enquiries: { content: string; contact: string; country: string; workTitle: string; reply: string }[] = [
  {
    content: 'Could you quote 200 units with delivery to Rotterdam? We also need the CE certificate.',
    contact: 'Anna de Vries',
    country: 'Netherlands',
    workTitle: 'Purchasing manager',
    reply:
      'Thank you for your enquiry. 200 units at 12 USD each, FOB Ningbo; the CE certificate is attached.',
  },
  {
    content: '请问这款产品的最小起订量是多少？能否提供样品？',
    contact: '王磊',
    country: 'China',
    workTitle: '采购经理',
    reply: '您好，最小起订量为 50 件，可以免费提供样品，运费到付。',
  },
  {
    content: 'What is your lead time for a 40 ft container, and do you accept L/C at sight?',
    contact: 'Carlos Méndez',
    country: 'Mexico',
    workTitle: 'Importer',
    reply: 'Lead time is 25 days after deposit. We accept L/C at sight for orders above 20,000 USD.',
  },
];

export async function seedConsultDemo(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const company = entityTables.company!;
  const user = entityTables.user_manager!;
  const product = entityTables.product!;
  const companies = await db
    .select({ id: company.id })
    .from(company)
    .where(isNull(company.deletedAt))
    .orderBy(asc(company.id))
    .limit(COMPANIES);
  const buyers = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.type, ['buyer', 'trader']), isNull(user.deletedAt)))
    .orderBy(asc(user.id))
    .limit(20);
  if (companies.length === 0 || buyers.length === 0) return;
  const products = await db
    .select({ id: product.id, companyId: product.companyId })
    .from(product)
    .where(
      inArray(
        product.companyId,
        companies.map((c) => c.id),
      ),
    );
  const now = Date.now();
  const rows = companies.flatMap((c, i) =>
    enquiries.map((e, j) => {
      const about = (i + j) % 2 === 0 ? products.find((p) => p.companyId === c.id) : undefined;
      return {
        userId: buyers[(i * 3 + j) % buyers.length]!.id,
        companyId: c.id,
        productId: about?.id ?? null,
        type: about ? 'product' : 'company',
        content: e.content,
        fromBuyNum: 50 * (j + 1),
        contact: e.contact,
        email: `buyer${j}@example.com`,
        country: e.country,
        workTitle: e.workTitle,
        isFeedback: (i + j) % 3 !== 2,
        ip: `203.0.113.${(i * 3 + j) % 250}`,
        consultTime: new Date(now - (i * 3 + j) * 3_600_000),
      };
    }),
  );
  const stored = await insertDemoRows(db, entities.consult!, rows);
  const replies = stored.flatMap((r, k) => {
    if (r.isFeedback !== true) return [];
    const e = enquiries[k % enquiries.length]!;
    const base = { consultId: Number(r.id), companyId: Number(r.companyId), images: [] as string[] };
    const supplier = { ...base, content: e.reply, authorKind: 'supplier', authorAccount: 'supplier' };
    if (k % 4 !== 0) return [supplier];
    return [
      supplier,
      { ...base, content: '平台已核实该供应商资质。', authorKind: 'staff', authorAccount: 'admin' },
    ];
  });
  if (replies.length > 0) await db.insert(consultReply).values(replies);
  ctx.log(`demo consults: ${stored.length}, replies: ${replies.length}`);
}
