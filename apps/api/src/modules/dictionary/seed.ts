import type { Db } from '../../db/client';
import { dictGroup, dictItem } from '../../engine';
import type { ReferenceSeed } from '../../seed';

// Reference dictionaries every deployment starts with. A dictionary is written only when its code is not in
// the database yet, so the items an administrator edits, disables or adds are never overwritten.

type SeedDictionary = {
  code: string;
  name: { en: string; zh: string };
  remark?: string;
  items: readonly { value: string; en: string; zh: string }[];
};

/** A company's industry: the industries a supplier declares. */
export const companyIndustry: SeedDictionary = {
  code: 'company_industry',
  name: { en: 'Company industry', zh: '企业所属行业' },
  items: [
    { value: 'machinery', en: 'Machinery and equipment', zh: '机械设备' },
    { value: 'electronics', en: 'Electronics and electrical', zh: '电子电气' },
    { value: 'chemicals', en: 'Chemicals', zh: '化工' },
    { value: 'building_materials', en: 'Building materials', zh: '建筑材料' },
    { value: 'textiles', en: 'Textiles and apparel', zh: '纺织服装' },
    { value: 'metals', en: 'Metals and metallurgy', zh: '冶金矿产' },
    { value: 'auto_parts', en: 'Auto parts', zh: '汽车配件' },
    { value: 'packaging', en: 'Packaging and printing', zh: '包装印刷' },
    { value: 'food', en: 'Food and agriculture', zh: '食品农业' },
    { value: 'medical', en: 'Medical and health', zh: '医疗健康' },
    { value: 'other', en: 'Other', zh: '其他' },
  ],
};

/** A company profile's staff count, as the ranges a buyer filters suppliers by. */
export const companyStaffSize: SeedDictionary = {
  code: 'company_staff_size',
  name: { en: 'Company staff size', zh: '企业人员规模' },
  items: [
    { value: '1_10', en: '1–10 people', zh: '1–10 人' },
    { value: '11_50', en: '11–50 people', zh: '11–50 人' },
    { value: '51_200', en: '51–200 people', zh: '51–200 人' },
    { value: '201_500', en: '201–500 people', zh: '201–500 人' },
    { value: '501_1000', en: '501–1,000 people', zh: '501–1000 人' },
    { value: 'over_1000', en: 'Over 1,000 people', zh: '1000 人以上' },
  ],
};

/** A company profile's annual revenue, as ranges. */
export const companyAnnualRevenue: SeedDictionary = {
  code: 'company_annual_revenue',
  name: { en: 'Company annual revenue', zh: '企业年营业额' },
  items: [
    { value: 'below_1m', en: 'Below US$1 million', zh: '100 万美元以下' },
    { value: '1m_5m', en: 'US$1–5 million', zh: '100–500 万美元' },
    { value: '5m_10m', en: 'US$5–10 million', zh: '500–1000 万美元' },
    { value: '10m_50m', en: 'US$10–50 million', zh: '1000–5000 万美元' },
    { value: '50m_100m', en: 'US$50–100 million', zh: '5000 万–1 亿美元' },
    { value: 'above_100m', en: 'Above US$100 million', zh: '1 亿美元以上' },
  ],
};

/** The languages a company does business in (a company profile's languages). Migration 0016 writes the same
 * items on a database that has none of them yet, so a test compares the two lists. */
export const companyLanguage: SeedDictionary = {
  code: 'company_language',
  name: { en: 'Company language', zh: '企业使用语言' },
  items: [
    { value: 'en', en: 'English', zh: '英语' },
    { value: 'zh', en: 'Chinese', zh: '中文' },
    { value: 'es', en: 'Spanish', zh: '西班牙语' },
    { value: 'fr', en: 'French', zh: '法语' },
    { value: 'de', en: 'German', zh: '德语' },
    { value: 'ja', en: 'Japanese', zh: '日语' },
    { value: 'ko', en: 'Korean', zh: '韩语' },
    { value: 'ru', en: 'Russian', zh: '俄语' },
    { value: 'ar', en: 'Arabic', zh: '阿拉伯语' },
    { value: 'pt', en: 'Portuguese', zh: '葡萄牙语' },
    { value: 'it', en: 'Italian', zh: '意大利语' },
    { value: 'nl', en: 'Dutch', zh: '荷兰语' },
    { value: 'tr', en: 'Turkish', zh: '土耳其语' },
    { value: 'vi', en: 'Vietnamese', zh: '越南语' },
    { value: 'th', en: 'Thai', zh: '泰语' },
    { value: 'id', en: 'Indonesian', zh: '印度尼西亚语' },
    { value: 'ms', en: 'Malay', zh: '马来语' },
    { value: 'hi', en: 'Hindi', zh: '印地语' },
  ],
};

/** The regions a company sells to (a company profile's main markets). Migration 0016 writes the same items on a
 * database that has none of them yet. */
export const companyMainMarket: SeedDictionary = {
  code: 'company_main_market',
  name: { en: 'Company main market', zh: '企业主要市场' },
  items: [
    { value: 'domestic', en: 'Domestic market', zh: '国内市场' },
    { value: 'north_america', en: 'North America', zh: '北美' },
    { value: 'central_america', en: 'Central America and the Caribbean', zh: '中美洲及加勒比' },
    { value: 'south_america', en: 'South America', zh: '南美' },
    { value: 'western_europe', en: 'Western Europe', zh: '西欧' },
    { value: 'northern_europe', en: 'Northern Europe', zh: '北欧' },
    { value: 'southern_europe', en: 'Southern Europe', zh: '南欧' },
    { value: 'eastern_europe', en: 'Eastern Europe', zh: '东欧' },
    { value: 'middle_east', en: 'Middle East', zh: '中东' },
    { value: 'africa', en: 'Africa', zh: '非洲' },
    { value: 'central_asia', en: 'Central Asia', zh: '中亚' },
    { value: 'south_asia', en: 'South Asia', zh: '南亚' },
    { value: 'southeast_asia', en: 'Southeast Asia', zh: '东南亚' },
    { value: 'east_asia', en: 'East Asia', zh: '东亚' },
    { value: 'oceania', en: 'Oceania', zh: '大洋洲' },
  ],
};

/** A buy requirement's contact types: how a buyer may be reached. */
export const contactType: SeedDictionary = {
  code: 'contact_type',
  name: { en: 'Contact type', zh: '联系方式类型' },
  items: [
    { value: 'email', en: 'Email', zh: '邮箱' },
    { value: 'phone', en: 'Phone', zh: '电话' },
    { value: 'mobile', en: 'Mobile', zh: '手机' },
    { value: 'wechat', en: 'WeChat', zh: '微信' },
    { value: 'whatsapp', en: 'WhatsApp', zh: 'WhatsApp' },
  ],
};

/** The unit a product's price and minimum order are counted in. */
export const productUnit: SeedDictionary = {
  code: 'product_unit',
  name: { en: 'Product unit', zh: '产品计量单位' },
  items: [
    { value: 'piece', en: 'Piece', zh: '件' },
    { value: 'set', en: 'Set', zh: '套' },
    { value: 'ton', en: 'Ton', zh: '吨' },
    { value: 'kg', en: 'Kilogram', zh: '千克' },
    { value: 'metre', en: 'Metre', zh: '米' },
    { value: 'square_metre', en: 'Square metre', zh: '平方米' },
  ],
};

/** A product price's trade term (Incoterms). */
export const priceTerm: SeedDictionary = {
  code: 'price_term',
  name: { en: 'Price term', zh: '价格条款' },
  items: [
    { value: 'exw', en: 'EXW (ex works)', zh: 'EXW 工厂交货' },
    { value: 'fob', en: 'FOB (free on board)', zh: 'FOB 离岸价' },
    { value: 'cfr', en: 'CFR (cost and freight)', zh: 'CFR 成本加运费' },
    { value: 'cif', en: 'CIF (cost, insurance and freight)', zh: 'CIF 到岸价' },
    { value: 'ddp', en: 'DDP (delivered duty paid)', zh: 'DDP 完税后交货' },
  ],
};

/** Where a product is made: the main manufacturing provinces of China, and abroad. */
export const placeOfOrigin: SeedDictionary = {
  code: 'place_of_origin',
  name: { en: 'Place of origin', zh: '产地' },
  items: [
    { value: 'guangdong', en: 'Guangdong, China', zh: '中国广东' },
    { value: 'zhejiang', en: 'Zhejiang, China', zh: '中国浙江' },
    { value: 'jiangsu', en: 'Jiangsu, China', zh: '中国江苏' },
    { value: 'shandong', en: 'Shandong, China', zh: '中国山东' },
    { value: 'shanghai', en: 'Shanghai, China', zh: '中国上海' },
    { value: 'fujian', en: 'Fujian, China', zh: '中国福建' },
    { value: 'other_china', en: 'Elsewhere in China', zh: '中国其他地区' },
    { value: 'abroad', en: 'Outside China', zh: '中国境外' },
  ],
};

export const referenceDictionaries: readonly SeedDictionary[] = [
  companyIndustry,
  companyStaffSize,
  companyAnnualRevenue,
  companyLanguage,
  companyMainMarket,
  contactType,
  productUnit,
  priceTerm,
  placeOfOrigin,
];

/** Writes each dictionary whose code is missing, with its items; returns how many dictionaries it wrote. */
export async function seedDictionaries(
  db: Db,
  dictionaries: readonly SeedDictionary[] = referenceDictionaries,
): Promise<number> {
  let written = 0;
  for (const d of dictionaries) {
    await db.transaction(async (tx) => {
      const [group] = await tx
        .insert(dictGroup)
        .values({ code: d.code, enName: d.name.en, zhName: d.name.zh, remark: d.remark ?? null })
        .onConflictDoNothing()
        .returning({ id: dictGroup.id });
      // Another node seeding at the same instant, or an existing dictionary: keep its items.
      if (!group) return;
      await tx.insert(dictItem).values(
        d.items.map((item, i) => ({
          groupId: group.id,
          value: item.value,
          enLabel: item.en,
          zhLabel: item.zh,
          sort: (i + 1) * 10,
        })),
      );
      written++;
    });
  }
  return written;
}

/** The dictionaries' reference seed (runs on every start; idempotent). */
export const dictionarySeed: ReferenceSeed = {
  name: 'dictionary',
  run: async ({ db, log }) => {
    const written = await seedDictionaries(db);
    if (written) log(`reference data: ${written} dictionaries`);
  },
};
