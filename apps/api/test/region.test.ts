import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { region } from '../src/db/schema';
import { registerModules } from '../src/extensions';
import { modules } from '../src/modules';
import type { RegionNode } from '../src/modules/region';
import { buildRegionRows, divisionNameEn, pinyinName, placeName } from '../src/modules/region/data';
import { seedRegions } from '../src/modules/region/seed';
import { seedIfEmpty } from '../src/seed';
import { createTestApp, login, type TestApp, testConfig } from './helpers';

// `GET /region/list_all`: countries with English and Chinese names, and China's
// province-level divisions with their cities, seeded from packages, served as one cached tree.

const sortKey = (name: string) => name.replace(/^The /, '');

describe('region list', () => {
  let t: TestApp;
  let token: string;
  let tree: RegionNode[];
  let etag: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/region/list_all',
      headers: { 'x-token': token },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 20000 });
    tree = body.content;
    etag = res.headers.etag as string;
  });
  afterAll(() => t.close());

  const find = (nodes: RegionNode[] | undefined, code: string) => nodes?.find((n) => n.code === code);

  it('lists every ISO 3166-1 country with English and Chinese names, China first, then by English name', () => {
    expect(tree.length).toBeGreaterThanOrEqual(249);
    const codes = tree.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const country of tree) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.name.en.trim()).not.toBe('');
      expect(country.name.zh).toMatch(/\p{Script=Han}/u);
    }
    expect(tree[0]).toMatchObject({ code: 'CN', name: { en: 'China', zh: '中国' } });
    const rest = tree.slice(1).map((c) => sortKey(c.name.en));
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(find(tree, 'US')?.name).toEqual({ en: 'United States', zh: '美国' });
    expect(find(tree, 'GB')?.name).toEqual({ en: 'United Kingdom', zh: '英国' });
    expect(find(tree, 'DE')?.name).toEqual({ en: 'Germany', zh: '德国' });
    expect(find(tree, 'KR')?.name.en).toBe('South Korea');
    // Two countries share the alias "Congo": each keeps its own official name.
    expect(find(tree, 'CG')?.name.en).toBe('Republic of the Congo');
    expect(find(tree, 'CD')?.name.en).toBe('Democratic Republic of the Congo');
    expect(find(tree, 'AX')?.name.en).toBe('Åland Islands');
    // Only China has divisions.
    expect(tree.filter((c) => c.children)).toHaveLength(1);
  });

  it("has China's 34 province-level divisions, each with its cities", () => {
    const provinces = tree[0]!.children!;
    expect(provinces).toHaveLength(34);
    for (const province of provinces) {
      expect(province.code).toMatch(/^\d{2}0000$/);
      expect(province.name.en).toMatch(/^[A-Z][\p{L}' ]+$/u);
      expect(province.name.zh).toMatch(/\p{Script=Han}/u);
      expect(province.children?.length, province.name.en).toBeGreaterThan(0);
      for (const city of province.children!) {
        expect(city.code.slice(0, 2)).toBe(province.code.slice(0, 2));
        expect(city.name.en).toMatch(/^[A-Z][\p{L}' ]+$/u);
        expect(city.name.zh).toMatch(/\p{Script=Han}/u);
        expect(city.children).toBeUndefined();
      }
    }
    const cities = provinces.flatMap((p) => p.children!);
    expect(cities.length).toBeGreaterThan(400);
    expect(new Set(cities.map((c) => c.code)).size).toBe(cities.length);
    // In GB/T 2260 order.
    expect(provinces.map((p) => p.code)).toEqual(provinces.map((p) => p.code).sort());

    const guangdong = find(provinces, '440000')!;
    expect(guangdong.name).toEqual({ en: 'Guangdong', zh: '广东省' });
    expect(find(guangdong.children, '440300')?.name).toEqual({ en: 'Shenzhen', zh: '深圳市' });
    expect(find(provinces, '610000')?.name.en).toBe('Shaanxi');
    expect(find(provinces, '140000')?.name.en).toBe('Shanxi');
    expect(find(provinces, '150000')?.name.en).toBe('Inner Mongolia');
    expect(find(provinces, '810000')?.name).toEqual({ en: 'Hong Kong', zh: '香港特别行政区' });
    expect(find(find(provinces, '610000')?.children, '610100')?.name).toEqual({ en: "Xi'an", zh: '西安市' });
    // Municipalities list their districts; province-governed county-level cities stand at city level.
    expect(find(find(provinces, '110000')?.children, '110105')?.name).toEqual({
      en: 'Chaoyang',
      zh: '朝阳区',
    });
    expect(find(find(provinces, '310000')?.children, '310112')?.name.en).toBe('Minhang');
    expect(find(find(provinces, '420000')?.children, '429004')?.name).toEqual({
      en: 'Xiantao',
      zh: '仙桃市',
    });
    expect(find(find(provinces, '650000')?.children, '653100')?.name).toEqual({
      en: 'Kashi',
      zh: '喀什地区',
    });
    expect(find(find(provinces, '540000')?.children, '540300')?.name.en).toBe('Changdu');
    expect(find(find(provinces, '430000')?.children, '433100')?.name.en).toBe('Xiangxi');
    expect(find(find(provinces, '710000')?.children, '710100')?.name.zh).toBe('台北市');
  });

  it('writes division names in English as pinyin without the administrative suffix', () => {
    expect(pinyinName('西安')).toBe("Xi'an");
    expect(pinyinName('哈尔滨')).toBe("Ha'erbin");
    expect(placeName('恩施土家族苗族自治州').stem).toBe('恩施');
    expect(placeName('海西蒙古族藏族自治州').stem).toBe('海西');
    expect(placeName('伊犁哈萨克自治州').stem).toBe('伊犁');
    expect(placeName('广西壮族自治区').stem).toBe('广西');
    expect(divisionNameEn('500233', '忠县')).toBe('Zhongxian');
    expect(divisionNameEn('120116', '滨海新区')).toBe('Binhai New Area');
    for (const row of buildRegionRows()) {
      // No untranslated administrative word slips into an English name.
      expect(row.nameEn, row.nameZh).not.toMatch(/zizhi|xingzheng|\p{Script=Han}/iu);
      if (row.level === 'city' && row.nameZh.endsWith('市') && row.nameZh.length > 2) {
        expect(row.nameEn, row.nameZh).toBe(pinyinName(row.nameZh.slice(0, -1)));
      }
    }
  });

  it('is cached: an ETag and Cache-Control, and 304 for a matching If-None-Match', async () => {
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/region/list_all',
      headers: { 'x-token': token, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, max-age=3600');
    const weak = await t.app.inject({
      method: 'GET',
      url: '/api/region/list_all',
      headers: { 'x-token': token, 'if-none-match': `"other", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/region/list_all',
      headers: { 'x-token': token, 'if-none-match': '"something-else"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe(etag);
    expect(changed.headers['content-type']).toMatch(/^application\/json/);
    expect(changed.json().content).toEqual(tree);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/region/list_all' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, content: null });
  });

  it('is seeded once, at start, even without demo data', async () => {
    const total = async () => Number((await t.db.select({ n: count() }).from(region))[0]!.n);
    const rows = buildRegionRows();
    expect(await total()).toBe(rows.length);
    expect(await seedRegions(t.db)).toBe(0);
    expect(await total()).toBe(rows.length);

    // A database that predates the region table: the start-up seed fills it, with DEMO_DATA off.
    await t.db.execute(sql`delete from region`);
    const result = await seedIfEmpty(
      {
        db: t.db,
        config: testConfig({ env: { DEMO_DATA: 'false' } }, t.dataDir),
        log: () => {},
      },
      {},
      registerModules(modules).seeds,
    );
    expect(result).toEqual({ seeded: false });
    expect(await total()).toBe(rows.length);
  });
});
