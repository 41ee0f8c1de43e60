import { and, asc, inArray, isNull } from 'drizzle-orm';
import { entityTables } from '../../db/schema/entities';
import { createEngine } from '../../engine';
import type { SeedContext } from '../../seed';
import { ingestEvents } from './ingest';

// Demo behaviour: what a few demo buyers did on the marketplace over the last days (searches in English and
// Chinese, company and product visits, collects and shares), stored through the ingestion itself so that the
// search history, the counters of companies and products, and the buyers' points (with the point rules and the demo
// levels of the points module) follow as they do for the marketplace's events.

const KEYWORDS = [
  { keyword: 'centrifugal pump', lang: 'en', results: 42 },
  { keyword: '离心泵', lang: 'zh', results: 37 },
  { keyword: 'stainless valve', lang: 'en', results: 18 },
  { keyword: '不锈钢阀门', lang: 'zh', results: 12 },
  { keyword: 'LED panel', lang: 'en', results: 0 },
] as const;

const HOUR = 3_600_000;

export async function seedBehaviourDemo(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const user = entityTables.user_manager!;
  const company = entityTables.company!;
  const product = entityTables.product!;
  const buyers = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.type, ['buyer', 'trader']), isNull(user.deletedAt)))
    .orderBy(asc(user.id))
    .limit(5);
  const companies = await db
    .select({ id: company.id })
    .from(company)
    .where(isNull(company.deletedAt))
    .orderBy(asc(company.id))
    .limit(5);
  const products = await db
    .select({ id: product.id })
    .from(product)
    .where(isNull(product.deletedAt))
    .orderBy(asc(product.id))
    .limit(5);
  if (buyers.length === 0) return;
  const now = Date.now();
  const events: Record<string, unknown>[] = [];
  const add = (event: Record<string, unknown>) =>
    events.push({
      eventId: `demo-${events.length + 1}`,
      occurredAt: new Date(now - (events.length + 1) * HOUR).toISOString(),
      ...event,
    });
  buyers.forEach((buyer, i) => {
    const search = KEYWORDS[i % KEYWORDS.length]!;
    add({
      type: 'search',
      userId: buyer.id,
      keyword: search.keyword,
      lang: search.lang,
      resultsCount: search.results,
    });
    const c = companies[i % Math.max(companies.length, 1)];
    if (c) {
      add({ type: 'view_company', userId: buyer.id, companyId: c.id, duration: 30 + 15 * i });
      if (i % 2 === 0) add({ type: 'collect', userId: buyer.id, companyId: c.id });
      // actions the point rules award: a price request, a contact exchange, a download
      add({ type: 'request_price', userId: buyer.id, companyId: c.id });
      if (i % 2 === 0) add({ type: 'exchange_contacts', userId: buyer.id, companyId: c.id });
      if (i % 3 === 0) add({ type: 'download', userId: buyer.id, companyId: c.id });
    }
    const p = products[i % Math.max(products.length, 1)];
    if (p) {
      add({ type: 'view_product', userId: buyer.id, productId: p.id, duration: 60 + 20 * i });
      if (i % 2 === 1) add({ type: 'collect', userId: buyer.id, productId: p.id });
      if (i === 0) add({ type: 'share', userId: buyer.id, productId: p.id });
    }
  });
  const engine = createEngine(ctx.config.deployment);
  await db.transaction((tx) =>
    ingestEvents(
      { db: tx, engine, lang: 'en', now: new Date(now), timeZone: ctx.config.deployment.statistics.timeZone },
      events,
    ),
  );
}
