import { entities } from '@organiser/domain';
import { asc, isNull } from 'drizzle-orm';
import { entityTables } from '../../db/schema/entities';
import { insertDemoRows, type Row } from '../../engine';
import type { SeedContext } from '../../seed';
import { createStorage } from '../../storage';
import { gradientPng, storeDemoImage } from '../demo-images';

// Demo products: a two-level bilingual product category tree, a few product tags, and ten products for each
// demo company (about 2,000): devices, materials and sub-materials of those materials, with bilingual names,
// generated images, prices and origins from the reference dictionaries, and every audit state (some waiting,
// some refused with a remark). Rows go in by the hundred.

const PER_COMPANY = 10;

type Line = { en: string; zh: string; kind: 'device' | 'material'; items: [string, string][] };
type Root = { en: string; zh: string; lines: Line[] };

/** The category tree; each second-level category lists the products made in it. */
const tree: Root[] = [
  {
    en: 'Machinery',
    zh: '机械设备',
    lines: [
      {
        en: 'CNC machines',
        zh: '数控机床',
        kind: 'device',
        items: [
          ['CNC Lathe', '数控车床'],
          ['Vertical Machining Centre', '立式加工中心'],
          ['CNC Router', '数控雕刻机'],
        ],
      },
      {
        en: 'Packaging machines',
        zh: '包装机械',
        kind: 'device',
        items: [
          ['Automatic Filling Machine', '全自动灌装机'],
          ['Shrink Wrapping Machine', '热收缩包装机'],
          ['Carton Sealer', '封箱机'],
        ],
      },
    ],
  },
  {
    en: 'Electrical equipment',
    zh: '电气设备',
    lines: [
      {
        en: 'Motors',
        zh: '电机',
        kind: 'device',
        items: [
          ['Three-phase Induction Motor', '三相异步电机'],
          ['Servo Motor', '伺服电机'],
          ['Brushless DC Motor', '无刷直流电机'],
        ],
      },
      {
        en: 'Power supplies',
        zh: '电源',
        kind: 'device',
        items: [
          ['Switching Power Supply', '开关电源'],
          ['UPS Power System', 'UPS 不间断电源'],
          ['Solar Inverter', '光伏逆变器'],
        ],
      },
    ],
  },
  {
    en: 'Metals',
    zh: '金属材料',
    lines: [
      {
        en: 'Steel',
        zh: '钢材',
        kind: 'material',
        items: [
          ['Stainless Steel Sheet', '不锈钢板'],
          ['Galvanized Steel Coil', '镀锌钢卷'],
          ['Carbon Steel Pipe', '碳钢管'],
        ],
      },
      {
        en: 'Aluminium',
        zh: '铝材',
        kind: 'material',
        items: [
          ['Aluminium Profile', '铝型材'],
          ['Aluminium Foil', '铝箔'],
          ['Aluminium Plate', '铝板'],
        ],
      },
    ],
  },
  {
    en: 'Plastics & rubber',
    zh: '塑料橡胶',
    lines: [
      {
        en: 'Engineering plastics',
        zh: '工程塑料',
        kind: 'material',
        items: [
          ['ABS Granules', 'ABS 颗粒'],
          ['Nylon PA66 Resin', '尼龙 PA66 树脂'],
          ['Polycarbonate Sheet', '聚碳酸酯板'],
        ],
      },
      {
        en: 'Rubber',
        zh: '橡胶',
        kind: 'material',
        items: [
          ['EPDM Rubber Strip', '三元乙丙橡胶条'],
          ['Silicone Rubber Sheet', '硅胶板'],
          ['Natural Rubber', '天然橡胶'],
        ],
      },
    ],
  },
];

const brands = ['Huaxin', 'Delta Pro', '永信', 'Sinotech', '宏达', 'Kingway', '瑞丰', 'Oriental'];
const grades = ['304', '316L', '6061-T6', 'Q235B', 'PA66-GF30', 'A380', '5052-H32', 'SS400'];
const units = ['piece', 'set', 'ton', 'kg', 'metre', 'square_metre'];
const terms = ['fob', 'cif', 'exw', 'cfr'];
const origins = ['guangdong', 'zhejiang', 'jiangsu', 'shandong', 'shanghai', 'fujian'];
const remarks = [
  '产品图片与名称不符，请修改后重新提交',
  'The short description advertises a phone number; please remove it',
  '产品详情缺少技术参数',
  'The chosen category does not fit this product',
];
const palette = [
  ['#1890ff', '#69c0ff'],
  ['#13c2c2', '#87e8de'],
  ['#fa8c16', '#ffd591'],
  ['#722ed1', '#d3adf7'],
  ['#52c41a', '#b7eb8f'],
  ['#eb2f96', '#ffadd2'],
] as const;

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

async function images(ctx: SeedContext) {
  const storage = createStorage(ctx.config.server);
  const set = async (name: string, size: number, count: number) => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const [from, to] = pick(palette, i + name.length);
      keys.push(
        await storeDemoImage(storage, `demo/${name}-${i + 1}.png`, gradientPng(size, size, from, to)),
      );
    }
    return keys;
  };
  return {
    logos: await set('product-logo', 227, 6),
    ads: await set('product-ad', 58, 4),
    icons: await set('product-category-icon', 64, 4),
  };
}

export async function seedProductDemo(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const files = await images(ctx);
  const roots = await insertDemoRows(
    db,
    entities.product_category!,
    tree.map((root, i) => ({
      name: root.en,
      enName: root.en,
      zhName: root.zh,
      sortNo: i * 10,
      icon: pick(files.icons, i),
    })),
  );
  const lines = tree.flatMap((root, i) => root.lines.map((line) => ({ line, rootId: Number(roots[i]!.id) })));
  const children = await insertDemoRows(
    db,
    entities.product_category!,
    lines.map(({ line, rootId }, j) => ({
      name: line.en,
      enName: line.en,
      zhName: line.zh,
      parentId: rootId,
      sortNo: j * 10,
    })),
  );
  const tags = await insertDemoRows(
    db,
    entities.product_tag!,
    ['New arrival', '热销', 'Free sample', '现货供应', 'Customisable'].map((name) => ({ name })),
  );

  const company = entityTables.company!;
  const companies = await db
    .select({ id: company.id, name: company.name })
    .from(company)
    .where(isNull(company.deletedAt))
    .orderBy(asc(company.id));
  if (companies.length === 0) return;

  const now = Date.now();
  const build = (c: { id: number; name: unknown }, ci: number, k: number, parent?: Row): Row => {
    const n = ci * PER_COMPANY + k;
    const li = parent
      ? children.findIndex((ch) => Number(ch.id) === Number(parent.categoryId))
      : (ci + k) % lines.length;
    const { line, rootId } = lines[li]!;
    const [itemEn, itemZh] = pick(line.items, n);
    const brand = pick(brands, ci + k);
    const isChinese = /[\u4e00-\u9fff]/.test(String(c.name));
    const kind = parent ? 'subMaterial' : line.kind;
    const grade = pick(grades, n);
    const enName = parent ? `${itemEn} ${grade} cut-to-size` : `${brand} ${itemEn}`;
    const zhName = parent ? `${itemZh} ${grade} 定尺加工` : `${brand}${itemZh}`;
    const audit = n % 13 === 7 ? 'refused' : n % 5 === 2 ? 'pending' : 'passed';
    return {
      name: isChinese ? zhName : enName,
      enName,
      zhName,
      kind,
      parentId: parent ? Number(parent.id) : null,
      companyId: Number(c.id),
      companyName: c.name,
      categoryId1: rootId,
      categoryId: Number(children[li]!.id),
      logo: pick(files.logos, n),
      shortContent: isChinese
        ? `${itemZh}，支持定制，交期快`
        : `${itemEn}, OEM welcome, fast delivery`.slice(0, 40),
      brand,
      belongAddress: isChinese ? '广东省深圳市宝安区' : 'Bao’an District, Shenzhen, China',
      tags: n % 3 === 0 ? [Number(pick(tags, n).id)] : [],
      sortNo: (n % 10) * 10,
      hot: n % 17 === 0,
      cardStandout: n % 29 === 0,
      status: n % 31 === 30 ? 'disabled' : 'enabled',
      model: kind === 'device' ? `${brand.slice(0, 2).toUpperCase()}-${1000 + (n % 900)}` : null,
      power: kind === 'device' ? (1 + (n % 40)) * 0.75 : null,
      voltage: kind === 'device' ? pick(['220V', '380V', '110V'], n) : null,
      warrantyMonths: kind === 'device' ? pick([12, 18, 24], n) : null,
      grade: kind === 'device' ? null : grade,
      specification: kind === 'device' ? null : `${1 + (n % 20)}mm × 1220mm × 2440mm`,
      density: kind === 'device' ? null : pick([7.93, 2.7, 1.14, 1.05], n),
      price: 50 + ((n * 37) % 5000),
      priceUnit: kind === 'device' ? pick(['piece', 'set'], n) : pick(units.slice(2), n),
      priceTerm: pick(terms, n),
      minOrder: kind === 'device' ? 1 : 100 + (n % 10) * 50,
      placeOfOrigin: pick(origins, n),
      imgs: [pick(files.logos, n + 1), pick(files.logos, n + 2)],
      adImgs: n % 4 === 0 ? [pick(files.ads, n)] : [],
      content: isChinese
        ? `<p>${zhName}，品质可靠，支持来图来样定制。</p><ul><li>品牌：${brand}</li><li>起订量低</li></ul>`
        : `<p>${enName}: reliable quality, custom orders to drawing or sample.</p><ul><li>Brand: ${brand}</li><li>Low minimum order</li></ul>`,
      auditStatus: audit,
      auditRemark: audit === 'refused' ? pick(remarks, n) : null,
      auditUser: audit === 'pending' ? null : 'admin',
      auditTime: audit === 'pending' ? null : new Date(now - (n % 90) * 86_400_000),
      source: n % 4 === 1 ? 'supplier' : 'console',
      collectNum: (n * 53) % 400,
      shareNum: (n * 37) % 120,
      clickNum: (n * 97) % 5000,
      createdAt: new Date(now - (companies.length * PER_COMPANY - n) * 600_000),
    };
  };

  // Devices and materials first, then a sub-material under each company's first material.
  const rows: Row[] = [];
  companies.forEach((c, ci) => {
    for (let k = 0; k < PER_COMPANY - 1; k++) rows.push(build(c, ci, k));
  });
  const inserted = await insertDemoRows(db, entities.product!, rows);
  const subs: Row[] = [];
  companies.forEach((c, ci) => {
    const material = inserted.find((p) => Number(p.companyId) === Number(c.id) && p.kind === 'material');
    subs.push(material ? build(c, ci, PER_COMPANY - 1, material) : build(c, ci, PER_COMPANY - 1));
  });
  await insertDemoRows(db, entities.product!, subs);
}
