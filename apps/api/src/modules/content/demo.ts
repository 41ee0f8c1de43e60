import { entities } from '@organiser/domain';
import type { Db } from '../../db/client';
import { insertDemoRows } from '../../engine';
import type { StorageProvider } from '../../storage';
import { gradientPng, storeDemoImage } from '../demo-images';

// Demo content: banner positions with their image sizes, bilingual banners across them in every status,
// event information and company tags. Written straight to the tables with a `create`
// history row each, so the demo records have a history like any other.

const positions = [
  { code: 'home_top', enName: 'Home page top', zhName: '首页顶部', sizeHint: '1200x240' },
  { code: 'home_strip', enName: 'Home page strip', zhName: '首页通栏', sizeHint: '1920x200' },
  { code: 'category_side', enName: 'Category page side', zhName: '分类页侧栏', sizeHint: '614x420' },
  { code: 'exhibition_feature', enName: 'Exhibition feature', zhName: '展会专题', sizeHint: '588x430' },
  { code: 'mobile_home', enName: 'Mobile home page', zhName: '移动端首页', sizeHint: null },
];

const bannerTitles = [
  '2025 春季广交会采购周',
  'Spring Sourcing Week: 2,000+ verified suppliers',
  '新品首发：智能家居展区',
  'Smart Home Pavilion — new arrivals',
  '五金工具专场 样品包邮',
  'Hardware & Tools: free sample shipping',
  '纺织面料展 · 可持续材料',
  'Sustainable Textiles Expo',
  '跨境电商选品大会',
  'Cross-border E-commerce Product Fair',
  '机械设备工厂直播',
  'Live factory tours: industrial machinery',
  '汽车配件线上洽谈会',
  'Auto Parts Online Meetings',
  '礼品家居展 限时特惠',
  'Gifts & Home Decor Week',
  '新能源与储能专题',
  'New Energy & Storage Showcase',
  '电子元器件采购节',
  'Electronic Components Sourcing Festival',
  '户外运动用品展',
  'Outdoor & Sports Goods Expo',
];

const palette = [
  ['#1890ff', '#69c0ff'],
  ['#13c2c2', '#5cdbd3'],
  ['#fa8c16', '#ffd591'],
  ['#722ed1', '#b37feb'],
  ['#f5222d', '#ff9c6e'],
  ['#52c41a', '#b7eb8f'],
];

const tagNames = [
  ['金牌供应商', 'enabled'],
  ['Verified Manufacturer', 'enabled'],
  ['源头工厂', 'enabled'],
  ['Trade Assurance', 'enabled'],
  ['出口认证', 'enabled'],
  ['ISO 9001', 'enabled'],
  ['快速响应', 'enabled'],
  ['OEM / ODM', 'enabled'],
  ['环保认证', 'enabled'],
  ['Exhibitor 2025', 'enabled'],
  ['新入驻', 'disabled'],
  ['Sample Available', 'disabled'],
] as const;

/** Event information: news and activity items in both languages, in publish order. */
const eventItems = [
  {
    title: '2025 春季广交会采购周开幕',
    targetType: 'news',
    tag: 'news',
    source: '组委会',
    abbrContent: '超过两千家认证供应商参展，覆盖五金、家居、纺织等十二个行业。',
    content: '<p>春季采购周于本周一开幕，<strong>两千余家</strong>认证供应商同时在线洽谈。</p>',
  },
  {
    title: 'Spring Sourcing Week opens with 2,000+ verified suppliers',
    targetType: 'news',
    tag: 'news',
    source: 'Organising committee',
    abbrContent: 'Twelve industries, from hardware to textiles, meet buyers online and on site.',
    content:
      '<p>The Spring Sourcing Week opened on Monday with <strong>more than 2,000</strong> verified suppliers.</p>',
  },
  {
    title: '智能家居新品发布会',
    targetType: 'activity',
    tag: 'activity',
    source: '智能家居展区',
    abbrContent: '三十家工厂现场发布新品，提供样品申请。',
    content: '<h2>活动安排</h2><ul><li>上午：新品发布</li><li>下午：工厂直播</li></ul>',
  },
  {
    title: 'Smart Home product launch: 30 factories, live samples',
    targetType: 'activity',
    tag: 'activity',
    source: 'Smart Home Pavilion',
    abbrContent: 'Thirty factories present new products; samples can be requested on the day.',
    content: '<h2>Programme</h2><ul><li>Morning: launches</li><li>Afternoon: live factory tours</li></ul>',
  },
  {
    title: '跨境电商选品指南（第二期）',
    targetType: 'content',
    tag: 'news',
    source: '市场研究部',
    abbrContent: '北美与欧洲市场热销品类分析。',
    content: '<p>本期分析北美与欧洲市场的<em>热销品类</em>与采购趋势。</p>',
  },
  {
    title: 'Sourcing guide: sustainable textiles',
    targetType: 'content',
    tag: 'news',
    source: 'Market research',
    abbrContent: 'Certifications to ask for and what recycled fibres cost this season.',
    content: '<p>What to ask suppliers about <em>recycled fibres</em>, and which certifications matter.</p>',
  },
] as const;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Stores one generated cover per colour pair and size; returns the stored keys. */
async function storeCovers(storage: StorageProvider | undefined): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < palette.length; i++) {
    const key = `demo/banner-${i + 1}.png`;
    keys.push(await storeDemoImage(storage, key, gradientPng(1200, 240, palette[i]![0]!, palette[i]![1]!)));
  }
  return keys;
}

/** Seeds banner positions, banners and company tags (on an empty database, with demo data on). */
export async function seedContentDemo(db: Db, options: { storage?: StorageProvider } = {}): Promise<void> {
  const covers = await storeCovers(options.storage);
  const positionRows = await insertDemoRows(db, entities.banner_position!, positions);
  const targets = ['url', 'company', 'product', 'activity', 'none'] as const;
  await insertDemoRows(
    db,
    entities.banner!,
    bannerTitles.map((title, i) => {
      const targetType = targets[i % targets.length]!;
      const start = -30 + i * 3;
      return {
        title,
        position: Number(positionRows[i % positionRows.length]!.id),
        coverImg: covers[i % covers.length],
        sortNo: (i % 6) * 10,
        targetType,
        targetUrl: targetType === 'url' ? `https://expo.example.com/events/${2025 + (i % 2)}/${i + 1}` : null,
        targetValue: targetType === 'none' || targetType === 'url' ? null : String(1000 + i * 7),
        status: i % 7 === 6 ? 'disabled' : 'enabled',
        displayStatus: i % 3 === 2 ? 'offline' : 'online',
        startDate: day(start),
        endDate: day(start + 45),
        remark:
          i % 4 === 0
            ? /[\u4e00-\u9fff]/.test(title)
              ? '首页轮播，请每季度更新图片'
              : 'Rotate the image every quarter'
            : null,
        clickNum: (i * 137) % 1900,
      };
    }),
  );
  await insertDemoRows(
    db,
    entities.event_information!,
    eventItems.map((item, i) => ({
      ...item,
      date: day(-20 + i * 4),
      coverImg: covers[i % covers.length],
      sortNo: i * 10,
      status: i === eventItems.length - 1 ? 'disabled' : 'enabled',
      targetLink: item.targetType === 'activity' ? `https://expo.example.com/activities/${i + 1}` : null,
    })),
  );
  await insertDemoRows(
    db,
    entities.company_tag!,
    tagNames.map(([name, status]) => ({ name, status })),
  );
}
