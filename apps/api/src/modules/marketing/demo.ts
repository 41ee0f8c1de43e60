import { entities } from '@organiser/domain';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertDemoRows } from '../../engine';
import type { StorageProvider } from '../../storage';
import { gradientPng, storeDemoImage } from '../demo-images';
import { company, popularActivity, popularSubActivity, product } from './tables';

// Demo marketing content pointing at the demo companies and products: hot words in both languages, recommended
// searches with their objects, and popular activities with a sub-activity of each type.

const hotWords = [
  ['centrifugal pump', '离心泵'],
  ['stainless valve', '不锈钢阀门'],
  ['LED panel', 'LED 面板'],
  ['smart home', '智能家居'],
  ['solar inverter', '光伏逆变器'],
  ['hand tools', '手动工具'],
];

const keywords = [
  ['Valves', '阀门'],
  ['Pumps', '水泵'],
  ['Lighting', '照明'],
  ['Hand tools', '手动工具'],
];

const activities = [
  { title: '春季新品发布', content: '三十家工厂集中发布新品，现场可申请样品。' },
  { title: 'Smart Home Week', content: 'Connected devices from verified manufacturers.' },
  { title: 'Factory Direct Deals', content: 'Limited-time prices from source factories.' },
  { title: '跨境电商选品会', content: '面向跨境卖家的选品专场。' },
];

/** Passed, enabled, live records the marketplace shows (the demo's first ones). */
async function shown(db: Db, table: typeof company | typeof product, limit: number) {
  return db
    .select({ id: table.id, name: table.name, logo: table.logo })
    .from(table)
    .where(and(isNull(table.deletedAt), eq(table.status, 'enabled'), eq(table.auditStatus, 'passed')))
    .orderBy(asc(table.id))
    .limit(limit);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function seedMarketingDemo(db: Db, options: { storage?: StorageProvider } = {}): Promise<void> {
  const image = (key: string, w: number, h: number, from: string, to: string) =>
    storeDemoImage(options.storage, key, gradientPng(w, h, from, to));
  const icon = await image('demo/activity-icon.png', 136, 76, '#fa8c16', '#ffd591');
  const picture = await image('demo/activity.png', 400, 220, '#1890ff', '#69c0ff');
  const companies = await shown(db, company, 6);
  const products = await shown(db, product, 6);
  await insertDemoRows(
    db,
    entities.search_top!,
    hotWords.map(([en, zh], i) => ({
      enWord: en,
      zhWord: zh,
      sortNo: i * 10,
      status: i === hotWords.length - 1 ? 'disabled' : 'enabled',
      startDate: i === 2 ? day(-10) : null,
      endDate: i === 2 ? day(30) : null,
    })),
  );
  const searches = await insertDemoRows(
    db,
    entities.recommend_search!,
    keywords.map(([en, zh], i) => ({ enKeyword: en, zhKeyword: zh, sortNo: i * 10, status: 'enabled' })),
  );
  await insertDemoRows(
    db,
    entities.recommend_advertising!,
    searches.flatMap((s, i) => [
      ...(companies[i]
        ? [{ recommendSearchId: s.id, type: 'company', companyId: companies[i]!.id, sortNo: 0 }]
        : []),
      ...(products[i]
        ? [{ recommendSearchId: s.id, type: 'product', productId: products[i]!.id, sortNo: 10 }]
        : []),
    ]),
  );
  const rows = await insertDemoRows(
    db,
    entities.popular_activity!,
    activities.map((a, i) => ({
      ...a,
      sortNo: i * 10,
      avatar: picture,
      marketingIcon: icon,
      isShowMark: i === 0,
      status: i === activities.length - 1 ? 'disabled' : 'enabled',
    })),
  );
  const first = rows[0]!;
  const c = companies[0];
  const p = products[0];
  const p2 = products[1] ?? p;
  await insertDemoRows(
    db,
    entities.popular_sub_activity!,
    [
      ...(c
        ? [
            {
              type: 'company',
              targetName: String(c.name),
              companyId: c.id,
              remark: '精选供应商',
              avatar: c.logo ?? picture,
              sortNo: 0,
            },
          ]
        : []),
      ...(p
        ? [
            {
              type: 'product',
              targetName: String(p.name),
              productId: p.id,
              remark: 'Best seller',
              avatar: p.logo ?? picture,
              sortNo: 10,
            },
          ]
        : []),
      {
        type: 'out_link',
        targetName: 'Fair guide',
        url: 'https://expo.example.com/guide',
        remark: 'Opens the fair guide',
        avatar: picture,
        sortNo: 20,
      },
      ...(p2
        ? [
            {
              type: 'new_product',
              targetName: String(p2.name),
              productId: p2.id,
              title: '新品首发',
              remark: 'New this season',
              avatar: p2.logo ?? picture,
              sortNo: 30,
            },
          ]
        : []),
      {
        type: 'image_text',
        targetName: '展会须知',
        content: '<p>开展时间 9:00–17:00，凭邀请函入场。</p>',
        remark: '图文介绍',
        avatar: picture,
        sortNo: 40,
      },
    ].map((s) => ({ ...s, activityId: first.id })),
  );
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(popularSubActivity)
    .where(eq(popularSubActivity.activityId, Number(first.id)));
  await db
    .update(popularActivity)
    .set({ itemCount: Number(n) })
    .where(eq(popularActivity.id, Number(first.id)));
}
