import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { OpenRoute } from '../../open/types';
import { withTargets } from './answers';
import {
  company,
  popularActivity,
  popularSubActivity,
  product,
  recommendAdvertising,
  recommendSearch,
  searchTop,
} from './tables';

// The marketplace reads what staff publish here through /api/open/v1 (scope marketing:read): the enabled popular
// activities with their sub-activities, the hot words in their dates, the enabled recommended searches with their
// objects; each in sort order (a higher number ranks later, then the oldest first). A sub-activity or an object
// whose company or product the marketplace does not show (disabled, not passed, deleted) is left out. The answers
// are cached with an ETag and forgotten when any of these records is written, on every node.

export const MARKETING_TOPIC = 'marketing';
/** A change the marketing writes cannot announce (a product disabled after it was picked) shows within this. */
const MAX_AGE_SECONDS = 60;
const cache = { topics: [MARKETING_TOPIC], maxAgeSeconds: MAX_AGE_SECONDS };
const bilingual = z.object({ en: z.string(), zh: z.string() });
const text = z.string().nullable();

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const num = (v: unknown) => (v == null ? null : Number(v));

const subActivityView = z.object({
  id: z.number().int(),
  type: z.enum(['company', 'product', 'out_link', 'new_product', 'image_text']),
  targetName: z.string(),
  companyId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  url: text,
  title: text,
  content: text,
  remark: text,
  avatar: text,
});

const activityView = z.object({
  id: z.number().int(),
  title: z.string(),
  content: text,
  avatar: text,
  marketingIcon: text,
  isShowMark: z.boolean(),
  items: z.array(subActivityView),
});

async function publishedActivities(db: Db) {
  const activities = (await db
    .select()
    .from(popularActivity)
    .where(and(isNull(popularActivity.deletedAt), eq(popularActivity.status, 'enabled')))
    .orderBy(asc(popularActivity.sortNo), asc(popularActivity.id))) as Row[];
  const ids = activities.map((a) => Number(a.id));
  const subs = ids.length
    ? ((await db
        .select()
        .from(popularSubActivity)
        .where(and(isNull(popularSubActivity.deletedAt), inArray(popularSubActivity.activityId, ids)))
        .orderBy(asc(popularSubActivity.sortNo), asc(popularSubActivity.id))) as Row[])
    : [];
  await withTargets(db, subs as never);
  return activities.map((a) => ({
    id: Number(a.id),
    title: String(a.title ?? ''),
    content: str(a.content),
    avatar: str(a.avatar),
    marketingIcon: str(a.marketingIcon),
    isShowMark: Boolean(a.isShowMark),
    items: subs
      .filter((s) => Number(s.activityId) === Number(a.id) && (s.targetState ?? 'ok') === 'ok')
      .map((s) => ({
        id: Number(s.id),
        type: s.type as z.infer<typeof subActivityView>['type'],
        targetName: String(s.targetName ?? ''),
        companyId: num(s.companyId),
        productId: num(s.productId),
        url: str(s.url),
        title: str(s.title),
        content: str(s.content),
        remark: str(s.remark),
        avatar: str(s.avatar),
      })),
  }));
}

const hotWordView = z.object({ id: z.number().int(), word: bilingual });

async function currentHotWords(db: Db, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const rows = (await db
    .select()
    .from(searchTop)
    .where(
      and(
        isNull(searchTop.deletedAt),
        eq(searchTop.status, 'enabled'),
        or(isNull(searchTop.startDate), lte(searchTop.startDate, today)),
        or(isNull(searchTop.endDate), gte(searchTop.endDate, today)),
      ),
    )
    .orderBy(asc(searchTop.sortNo), asc(searchTop.id))) as Row[];
  return rows.map((r) => ({
    id: Number(r.id),
    word: { en: String(r.enWord ?? ''), zh: String(r.zhWord ?? '') },
  }));
}

const objectView = z.object({
  type: z.enum(['company', 'product']),
  id: z.number().int(),
  name: z.string(),
  logo: text,
});
const recommendationView = z.object({
  id: z.number().int(),
  keyword: bilingual,
  objects: z.array(objectView),
});

async function names(db: Db, table: typeof company | typeof product, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [Number(r.id), String(r.name ?? '')]));
}

async function publishedRecommendations(db: Db) {
  const searches = (await db
    .select()
    .from(recommendSearch)
    .where(and(isNull(recommendSearch.deletedAt), eq(recommendSearch.status, 'enabled')))
    .orderBy(asc(recommendSearch.sortNo), asc(recommendSearch.id))) as Row[];
  const ids = searches.map((s) => Number(s.id));
  const objects = ids.length
    ? ((await db
        .select()
        .from(recommendAdvertising)
        .where(inArray(recommendAdvertising.recommendSearchId, ids))
        .orderBy(asc(recommendAdvertising.sortNo), asc(recommendAdvertising.id))) as Row[])
    : [];
  for (const o of objects) o.targetLogo = null;
  await withTargets(db, objects as never);
  const ofType = (type: string) => objects.filter((o) => o.type === type).map((o) => Number(o[`${type}Id`]));
  const companyNames = await names(db, company, ofType('company'));
  const productNames = await names(db, product, ofType('product'));
  return searches.map((s) => ({
    id: Number(s.id),
    keyword: { en: String(s.enKeyword ?? ''), zh: String(s.zhKeyword ?? '') },
    objects: objects
      .filter((o) => Number(o.recommendSearchId) === Number(s.id) && o.targetState === 'ok')
      .map((o) => {
        const type = o.type as 'company' | 'product';
        const id = Number(o[`${type}Id`]);
        const name = (type === 'company' ? companyNames : productNames).get(id) ?? '';
        return { type, id, name, logo: str(o.targetLogo) };
      }),
  }));
}

const etagNote =
  ' Sent with an ETag: send it back in If-None-Match to get 304 while nothing changed (the answer changes as soon as staff edit these records).';

export const marketingOpenRoutes: OpenRoute[] = [
  {
    method: 'GET',
    url: '/popular-activities',
    operationId: 'openListPopularActivities',
    summary: 'Enabled popular activities with their sub-activities',
    description: `The enabled popular activities in sort order, each with its sub-activities in their order; a sub-activity whose company or product is not shown on the marketplace is left out.${etagNote}`,
    scope: 'marketing:read',
    cache,
    response: z.object({ list: z.array(activityView) }),
    examples: {
      response: {
        list: [
          {
            id: 1,
            title: 'Spring new arrivals',
            content: 'Factories present this season’s products.',
            avatar: 'demo/activity-1.png',
            marketingIcon: 'demo/activity-icon-1.png',
            isShowMark: true,
            items: [
              {
                id: 4,
                type: 'out_link',
                targetName: 'Fair guide',
                companyId: null,
                productId: null,
                url: 'https://expo.example.com/guide',
                title: null,
                content: null,
                remark: 'Opens the fair guide',
                avatar: 'demo/sub-4.png',
              },
            ],
          },
        ],
      },
    },
    handler: async (_input, ctx) => ({ list: await publishedActivities(ctx.db) }),
  },
  {
    method: 'GET',
    url: '/hot-words',
    operationId: 'openListHotWords',
    summary: 'Hot words shown today',
    description: `The enabled hot words whose start and end dates (when set) include today, in sort order.${etagNote}`,
    scope: 'marketing:read',
    cache,
    response: z.object({ list: z.array(hotWordView) }),
    examples: { response: { list: [{ id: 2, word: { en: 'centrifugal pump', zh: '离心泵' } }] } },
    handler: async (_input, ctx) => ({ list: await currentHotWords(ctx.db, ctx.now) }),
  },
  {
    method: 'GET',
    url: '/recommended-searches',
    operationId: 'openListRecommendedSearches',
    summary: 'Enabled recommended searches with their advertising objects',
    description: `The enabled recommended searches in sort order, each with its companies and products (name and logo) in their order; an object the marketplace does not show is left out.${etagNote}`,
    scope: 'marketing:read',
    cache,
    response: z.object({ list: z.array(recommendationView) }),
    examples: {
      response: {
        list: [
          {
            id: 1,
            keyword: { en: 'valves', zh: '阀门' },
            objects: [{ type: 'company', id: 12, name: 'Ningbo Valve Works', logo: 'demo/logo-12.png' }],
          },
        ],
      },
    },
    handler: async (_input, ctx) => ({ list: await publishedRecommendations(ctx.db) }),
  },
];
