import { fakerEN, fakerZH_CN } from '@faker-js/faker';
import { entities } from '@organiser/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { adminUser, region, userRole } from '../../db/schema';
import { entityTables } from '../../db/schema/entities';
import { derivedChanges, type Engine, insertDemoRows, type Row } from '../../engine';
import { hashPassword } from '../../security/password';
import type { SeedContext } from '../../seed';
import { createStorage } from '../../storage';
import { gradientPng, storeDemoImage } from '../demo-images';
import { DEMO_SUPPLIER, ensureSupplierRole } from './supplier-login';

// Demo suppliers: a bilingual company category tree, four membership packages, about 200
// companies in English and Chinese with profiles, generated images, contacts, and every audit state (some
// waiting, some refused with a reason), plus the demo supplier login `supplier` / `supplier123` on the first
// company. Rows go in by the hundred and only that one password is hashed: the seed takes about half a second.

const COMPANIES = 200;

type Node = { en: string; zh: string; words: [string, string][]; children: [string, string][] };

/** The category tree, with the words company names in that industry use. */
const tree: Node[] = [
  {
    en: 'Electronics',
    zh: '电子电器',
    words: [
      ['Electronics', '电子'],
      ['Technology', '科技'],
      ['Smart Devices', '智能设备'],
    ],
    children: [
      ['Consumer electronics', '消费电子'],
      ['Electronic components', '电子元器件'],
      ['Smart home', '智能家居'],
      ['LED lighting', 'LED 照明'],
    ],
  },
  {
    en: 'Machinery',
    zh: '机械设备',
    words: [
      ['Machinery', '机械'],
      ['Equipment', '设备'],
      ['Precision Machinery', '精密机械'],
    ],
    children: [
      ['Industrial machinery', '工业机械'],
      ['Packaging machinery', '包装机械'],
      ['Agricultural machinery', '农业机械'],
      ['Machine tools', '机床'],
    ],
  },
  {
    en: 'Textiles & apparel',
    zh: '纺织服装',
    words: [
      ['Textile', '纺织'],
      ['Garment', '服饰'],
      ['Fabric', '面料'],
    ],
    children: [
      ['Fabrics', '面料'],
      ['Garments', '服装'],
      ['Home textiles', '家纺'],
      ['Footwear', '鞋类'],
    ],
  },
  {
    en: 'Hardware & tools',
    zh: '五金工具',
    words: [
      ['Hardware', '五金'],
      ['Tools', '工具'],
      ['Metal Products', '金属制品'],
    ],
    children: [
      ['Hand tools', '手动工具'],
      ['Power tools', '电动工具'],
      ['Fasteners', '紧固件'],
      ['Building hardware', '建筑五金'],
    ],
  },
  {
    en: 'Home & gifts',
    zh: '家居礼品',
    words: [
      ['Home Products', '家居用品'],
      ['Crafts', '工艺品'],
      ['Housewares', '日用品'],
    ],
    children: [
      ['Furniture', '家具'],
      ['Kitchenware', '厨具'],
      ['Gifts & crafts', '礼品工艺品'],
      ['Toys', '玩具'],
    ],
  },
  {
    en: 'Auto parts',
    zh: '汽车配件',
    words: [
      ['Auto Parts', '汽车配件'],
      ['Automotive', '汽车部件'],
      ['Motor Parts', '汽配'],
    ],
    children: [
      ['Engine parts', '发动机配件'],
      ['Tyres & wheels', '轮胎轮毂'],
      ['EV components', '新能源汽车部件'],
    ],
  },
  {
    en: 'New energy',
    zh: '新能源',
    words: [
      ['New Energy', '新能源'],
      ['Solar', '光伏'],
      ['Power', '电力'],
    ],
    children: [
      ['Solar panels', '光伏组件'],
      ['Energy storage', '储能'],
      ['Wind power', '风电设备'],
    ],
  },
  {
    en: 'Chemicals & materials',
    zh: '化工材料',
    words: [
      ['Materials', '材料'],
      ['Chemical', '化工'],
      ['Plastics', '塑胶'],
    ],
    children: [
      ['Plastics & rubber', '塑料橡胶'],
      ['Chemicals', '化工原料'],
      ['Metals & alloys', '金属材料'],
    ],
  },
];

/** Chinese cities of the demo companies, with their region codes. */
const cities = [
  { en: 'Shenzhen', zh: '深圳', belong: '440000/440300', port: 'Shenzhen (Yantian)' },
  { en: 'Guangzhou', zh: '广州', belong: '440000/440100', port: 'Guangzhou (Nansha)' },
  { en: 'Dongguan', zh: '东莞', belong: '440000/441900', port: 'Shenzhen (Yantian)' },
  { en: 'Foshan', zh: '佛山', belong: '440000/440600', port: 'Guangzhou (Nansha)' },
  { en: 'Ningbo', zh: '宁波', belong: '330000/330200', port: 'Ningbo' },
  { en: 'Hangzhou', zh: '杭州', belong: '330000/330100', port: 'Ningbo' },
  { en: 'Jinhua', zh: '金华', belong: '330000/330700', port: 'Ningbo' },
  { en: 'Wenzhou', zh: '温州', belong: '330000/330300', port: 'Ningbo' },
  { en: 'Suzhou', zh: '苏州', belong: '320000/320500', port: 'Shanghai' },
  { en: 'Wuxi', zh: '无锡', belong: '320000/320200', port: 'Shanghai' },
  { en: 'Shanghai', zh: '上海', belong: '310000/310100', port: 'Shanghai' },
  { en: 'Xiamen', zh: '厦门', belong: '350000/350200', port: 'Xiamen' },
  { en: 'Qingdao', zh: '青岛', belong: '370000/370200', port: 'Qingdao' },
  { en: 'Tianjin', zh: '天津', belong: '120000/120100', port: 'Tianjin' },
];

/** A few suppliers from elsewhere. */
const abroad = [
  { code: 'VN', city: 'Ho Chi Minh City', port: 'Cat Lai' },
  { code: 'IN', city: 'Mumbai', port: 'Nhava Sheva' },
  { code: 'TR', city: 'Istanbul', port: 'Ambarli' },
  { code: 'DE', city: 'Stuttgart', port: 'Hamburg' },
  { code: 'MY', city: 'Penang', port: 'Penang' },
];

/** Street names as Chinese addresses write them in English. */
const streets = [
  'Keji Road',
  'Jianshe Road',
  'Renmin Road',
  'Zhongshan Road',
  'Xinhua Road',
  'Industrial Avenue',
  'Jinqiao Road',
  'Binhai Avenue',
  'Huancheng Road',
  'Gaoxin Road',
];

const brands = [
  ['Hengda', '恒达'],
  ['Brightway', '明途'],
  ['Huateng', '华腾'],
  ['Jinyuan', '金源'],
  ['Everwin', '永胜'],
  ['Sunrise', '旭日'],
  ['Kaida', '凯达'],
  ['Ruifeng', '瑞丰'],
  ['Tianyi', '天翼'],
  ['Greenleaf', '绿叶'],
  ['Zhongxin', '中信达'],
  ['Oceanic', '海联'],
  ['Longsheng', '隆盛'],
  ['Starlink', '星联'],
  ['Boyuan', '博远'],
  ['Dingtai', '鼎泰'],
  ['Meikang', '美康'],
  ['Hongli', '宏力'],
  ['Yongxin', '永鑫'],
  ['Novatech', '诺华'],
] as const;

const certifications = [
  'ISO 9001',
  'ISO 14001',
  'CE',
  'RoHS',
  'FCC',
  'UL',
  'BSCI',
  'SGS',
  'REACH',
  'IATF 16949',
];
/** Values of the `company_main_market` dictionary. */
const markets = [
  'north_america',
  'western_europe',
  'southeast_asia',
  'middle_east',
  'south_america',
  'africa',
  'oceania',
  'eastern_europe',
];
/** Values of the `company_annual_revenue` dictionary (annual and export revenue). */
const revenues = ['1m_5m', '1m_5m', '5m_10m', '10m_50m', '50m_100m'];
const reasons = [
  '营业执照图片不清晰，请重新上传',
  'The logo does not match the company named on the business licence',
  '企业简介包含联系方式，请删除后重新提交',
  'The contact email bounces; please give a working address',
  '经营范围与所选分类不符',
];
const positions = [
  ['Sales Manager', '销售经理'],
  ['Export Sales', '外贸业务员'],
  ['Customer Service', '客服专员'],
  ['Overseas Director', '海外总监'],
] as const;

const palette = [
  ['#1890ff', '#69c0ff'],
  ['#13c2c2', '#87e8de'],
  ['#fa8c16', '#ffd591'],
  ['#722ed1', '#d3adf7'],
  ['#f5222d', '#ffa39e'],
  ['#52c41a', '#b7eb8f'],
  ['#2f54eb', '#adc6ff'],
  ['#eb2f96', '#ffadd2'],
] as const;

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

async function images(ctx: SeedContext) {
  const storage = createStorage(ctx.config.server);
  const set = async (name: string, width: number, height: number, count: number) => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const [from, to] = pick(palette, i + name.length);
      keys.push(
        await storeDemoImage(storage, `demo/${name}-${i + 1}.png`, gradientPng(width, height, from, to)),
      );
    }
    return keys;
  };
  return {
    logos: await set('company-logo', 614, 420, 8),
    backgrounds: await set('company-background', 438, 244, 4),
    ads: await set('company-ad', 144, 80, 6),
    avatars: await set('contact-avatar', 120, 120, 4),
    icons: await set('category-icon', 64, 64, 8),
  };
}

/** The membership packages, from free to unlimited. */
const PACKAGES: Row[] = [
  {
    enName: 'Basic',
    zhName: '基础会员',
    price: 0,
    durationMonths: 12,
    sortNo: 0,
    benefits: 'Company page, 50 products, 20 enquiries a month.\n企业主页，50 个产品，每月 20 条咨询。',
    companyVideoLimit: 1,
    consultLimit: 20,
    consultReplyLimit: 50,
    productLimit: 50,
    productCardStandoutLimit: 0,
    buyRequirementAuthLimit: 5,
    siteLetterLimit: 20,
  },
  {
    enName: 'Silver',
    zhName: '白银会员',
    price: 1999,
    durationMonths: 12,
    sortNo: 10,
    benefits: 'Enquiries enabled, 200 products, 3 videos a month.\n开通咨询，200 个产品，每月 3 个视频。',
    companyVideoLimit: 3,
    consultLimit: 100,
    consultReplyLimit: 300,
    productLimit: 200,
    productCardStandoutLimit: 5,
    buyRequirementAuthLimit: 30,
    siteLetterLimit: 100,
    enableConsult: true,
  },
  {
    enName: 'Gold',
    zhName: '黄金会员',
    price: 4999,
    durationMonths: 12,
    sortNo: 20,
    benefits:
      'Online customer service, 1,000 products, standout cards.\n在线客服，1000 个产品，产品卡片突出展示。',
    companyVideoLimit: 10,
    consultLimit: 500,
    consultReplyLimit: 1500,
    productLimit: 1000,
    productCardStandoutLimit: 20,
    buyRequirementAuthLimit: 100,
    siteLetterLimit: 500,
    enableConsult: true,
    enableCustomerService: true,
  },
  {
    enName: 'Diamond',
    zhName: '钻石会员',
    price: 9999,
    durationMonths: 12,
    sortNo: 30,
    benefits: 'Everything unlimited, standout company background.\n全部不限，企业背景突出展示。',
    enableConsult: true,
    enableCustomerService: true,
    companyBackgroundStandout: true,
  },
];

type Files = Awaited<ReturnType<typeof images>>;
type CompanyInputs = {
  files: Files;
  childrenOf: (industry: number) => Row[];
  packages: Row[];
  tags: { id: number }[];
  countryNames: Map<string, string>;
  count: number;
  now: number;
};

/** The category tree: roots, then their children. */
async function seedCategories(db: SeedContext['db'], files: Files) {
  const roots = await insertDemoRows(
    db,
    entities.company_category!,
    tree.map((node, i) => ({ enName: node.en, zhName: node.zh, sortNo: i * 10, icon: pick(files.icons, i) })),
  );
  const children = await insertDemoRows(
    db,
    entities.company_category!,
    tree.flatMap((node, i) =>
      node.children.map(([enName, zhName], j) => ({
        enName,
        zhName,
        parentId: Number(roots[i]!.id),
        sortNo: j * 10,
        status: i === 7 && j === 2 ? 'disabled' : 'enabled',
      })),
    ),
  );
  return (i: number) => children.filter((c) => c.parentId === Number(roots[i]!.id));
}

/** The enabled company tags and the English names of the countries companies are in. */
async function lookups(db: SeedContext['db']) {
  const companyTag = entityTables.company_tag!;
  const tags = await db
    .select({ id: companyTag.id })
    .from(companyTag)
    .where(and(eq(companyTag.status, 'enabled'), isNull(companyTag.deletedAt)))
    .orderBy(asc(companyTag.id));
  const countryNames = new Map(
    (
      await db
        .select({ code: region.code, nameEn: region.nameEn })
        .from(region)
        .where(inArray(region.code, ['CN', ...abroad.map((a) => a.code)]))
    ).map((r) => [r.code, r.nameEn]),
  );
  return { tags, countryNames };
}

/** The i-th demo company: its industry, names, place, audit state and profile follow from i. */
function companyRow(i: number, inputs: CompanyInputs): Row {
  const { files, packages, tags, countryNames, count, now } = inputs;
  const en = fakerEN;
  const zh = fakerZH_CN;
  const industry = i % tree.length;
  const node = tree[industry]!;
  const [brandEn, brandZh] = pick(brands, i * 7 + industry);
  const [wordEn, wordZh] = pick(node.words, i);
  const isAbroad = i % 17 === 16;
  const place = isAbroad ? pick(abroad, i) : undefined;
  const city = pick(cities, i * 3);
  const isChineseName = !isAbroad && i % 2 === 1;
  const name = isAbroad
    ? `${en.company.name()} ${wordEn}`
    : isChineseName
      ? `${city.zh}${brandZh}${wordZh}有限公司`
      : `${city.en} ${brandEn} ${wordEn} Co., Ltd.`;
  const cats = inputs.childrenOf(industry);
  const account = i === 0 ? DEMO_SUPPLIER.account : `supplier${String(i + 1).padStart(3, '0')}`;
  // Every ninth company signed up on the marketplace and has not finished its information yet.
  const isIncomplete = i % 9 === 4;
  const audit =
    i === 0 ? 'passed' : isIncomplete || i % 7 === 3 ? 'pending' : i % 11 === 5 ? 'refused' : 'passed';
  const contact = isChineseName ? zh.person.fullName() : en.person.fullName();
  const year = 1990 + ((i * 13) % 33);
  return {
    name,
    type: pick(['manufacturer', 'manufacturer', 'both', 'trading', 'service'], i),
    code: isAbroad ? null : `91${String(440300 + i * 37).padStart(6, '0')}MA5${String(1000 + i).slice(-4)}X`,
    logo: pick(files.logos, i),
    backgroundImg: isIncomplete ? null : pick(files.backgrounds, i),
    introduce: isIncomplete
      ? null
      : isChineseName
        ? `${name}成立于 ${year} 年，专业从事${cats[0]?.zhName ?? node.zh}的研发、生产和出口，产品销往 ${1 + (i % 5) * 10} 多个国家和地区。`
        : `Founded in ${year}, ${name} designs, makes and exports ${String(cats[0]?.enName ?? node.en).toLowerCase()} to buyers in ${10 + (i % 5) * 10} countries. OEM and ODM welcome.`,
    industry: isChineseName ? node.zh : node.en,
    categoryIds: [Number(pick(cats, i).id), ...(i % 3 === 0 ? [Number(pick(cats, i + 1).id)] : [])].filter(
      (v, k, a) => a.indexOf(v) === k,
    ),
    tags: tags.length
      ? [Number(pick(tags, i).id), ...(i % 4 === 0 ? [Number(pick(tags, i + 3).id)] : [])].filter(
          (v, k, a) => a.indexOf(v) === k,
        )
      : [],
    sortNo: (i % 10) * 10,
    status: i % 23 === 22 ? 'disabled' : 'enabled',
    linkUsername: contact,
    deptName: isChineseName ? '外贸部' : 'Export Department',
    mobile: `+86 13${String(800000000 + i * 7919).slice(0, 9)}`,
    // a landline as city area code-number (the country is the company's own field)
    telphone: isAbroad
      ? `${pick(['28', '22', '212', '30', '3'], i)}-${String(20000000 + i * 4451)}`
      : `0${String(755 + (i % 9))}-${String(60000000 + i * 977).slice(0, 8)}`,
    email: `sales@${brandEn.toLowerCase()}${i + 1}.example.com`,
    website: `https://www.${brandEn.toLowerCase()}${i + 1}.example.com`,
    account,
    countryCode: place?.code ?? 'CN',
    countryName: countryNames.get(place?.code ?? 'CN') ?? null,
    belong: place ? null : city.belong,
    belongAddress: place
      ? `${en.location.streetAddress()}, ${place.city}`
      : isChineseName
        ? `${city.zh}${zh.location.street()}${100 + (i % 80)}号`
        : `No. ${100 + (i % 80)} ${pick(streets, i)}, ${city.en}`,
    postcode: String(510000 + i * 11).slice(0, 6),
    adImgs: i % 3 === 0 ? [pick(files.ads, i), pick(files.ads, i + 1), pick(files.ads, i + 2)] : [],
    staffCount: pick([25, 60, 120, 300, 800, 2000], i),
    annualRevenue: pick(revenues, i),
    yearEstablished: year,
    certifications: certifications.filter((_, k) => (i + k) % 4 === 0),
    patents: i % 4 === 0 ? [`ZL ${2015 + (i % 9)} 2 ${String(100000 + i * 31).slice(0, 6)}.${i % 10}`] : [],
    trademarks: [brandEn.toUpperCase()],
    factorySize: `${(5 + (i % 20)) * 1000} m²`,
    productionLines: 2 + (i % 12),
    equipment: isChineseName
      ? '数控加工中心、自动注塑机、SMT 贴片线'
      : 'CNC machining centres, automatic injection moulding, SMT lines',
    testEquipment: isChineseName
      ? '盐雾试验箱、高低温试验箱、三坐标测量仪'
      : 'Salt spray chamber, thermal cycling chamber, CMM',
    // values of the `company_language` dictionary
    languages: isChineseName ? ['zh', 'en'] : ['en', 'zh', ...(i % 5 === 0 ? ['es'] : [])],
    nearestPort: place?.port ?? city.port,
    exportRevenue: pick(revenues, i + 1),
    mainMarkets: markets.filter((_, k) => (i + k) % 3 === 0),
    vipPackageId: i % 6 === 5 ? null : Number(pick(packages, i).id),
    // A few companies have a limit of their own over their package's.
    companyVideoLimit: i % 10 === 0 ? 5 : null,
    sendedEmail: i % 8 !== 0,
    auditStatus: audit,
    auditReason: audit === 'refused' ? pick(reasons, i) : null,
    auditedBy: audit === 'pending' ? null : 'admin',
    auditedAt: audit === 'pending' ? null : new Date(now - (i % 60) * 86_400_000),
    source: isIncomplete ? 'register' : 'console',
    shareNum: (i * 37) % 120,
    collectNum: (i * 53) % 400,
    consultNum: (i * 29) % 250,
    createdAt: new Date(now - (count - i) * 3_600_000 * 11),
  };
}

/** One to three contacts for each company; the first is the default. */
function contactRows(companies: Row[], files: Files): Row[] {
  const contacts: Row[] = [];
  companies.forEach((c, i) => {
    const isChinese = /[\u4e00-\u9fff]/.test(String(c.name));
    for (let k = 0; k < 1 + (i % 3); k++) {
      const [posEn, posZh] = pick(positions, i + k);
      contacts.push({
        companyId: Number(c.id),
        name: isChinese ? fakerZH_CN.person.fullName() : fakerEN.person.fullName(),
        mobile: `+86 139${String(10000000 + i * 131 + k).slice(0, 8)}`,
        position: isChinese ? posZh : posEn,
        email: `${['sales', 'service', 'export'][k]}${i + 1}@example.com`,
        avatar: pick(files.avatars, i + k),
        isDefault: k === 0,
        status: k === 2 && i % 2 === 0 ? 'disabled' : 'enabled',
      });
    }
  });
  return contacts;
}

/** The demo supplier login, on the first company. */
async function seedSupplierLogin(ctx: SeedContext, company: Row) {
  const { db } = ctx;
  const roleId = await ensureSupplierRole(db);
  const passwordHash = await hashPassword(DEMO_SUPPLIER.password, ctx.config.server.passwordHash);
  const [user] = await db
    .insert(adminUser)
    .values({
      account: DEMO_SUPPLIER.account,
      passwordHash,
      nickname: String(company.name),
      type: 'company',
      companyId: Number(company.id),
    })
    .onConflictDoNothing()
    .returning({ id: adminUser.id });
  if (user) await db.insert(userRole).values({ userId: user.id, roleId }).onConflictDoNothing();
}

export async function seedSupplierDemo(ctx: SeedContext, engine: Engine): Promise<void> {
  const { db } = ctx;
  const files = await images(ctx);
  fakerEN.seed(20250501);
  fakerZH_CN.seed(20250501);
  const childrenOf = await seedCategories(db, files);
  const packages = await insertDemoRows(db, entities.vip_package!, PACKAGES);
  const { tags, countryNames } = await lookups(db);
  const companyEntity = engine.get('company')!;
  const count = Math.max(20, Math.round(COMPANIES * (ctx.demoScale ?? 1)));
  const inputs: CompanyInputs = { files, childrenOf, packages, tags, countryNames, count, now: Date.now() };
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const row = companyRow(i, inputs);
    Object.assign(row, derivedChanges(companyEntity, null, row));
    rows.push(row);
  }
  const companies = await insertDemoRows(db, entities.company!, rows);
  await insertDemoRows(db, entities.customer_service!, contactRows(companies, files));
  await seedSupplierLogin(ctx, companies[0]!);
}
