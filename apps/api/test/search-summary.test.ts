import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { createEngine } from '../src/engine';
import { ingestEvents } from '../src/modules/behaviour/ingest';
import { createAccount, menuId, resourceId, supplierCompanyBody } from './access-fixtures';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';

// The search history's top keywords (a report read from the keyword rollups: searches, users counted once over
// the period, average results, no-result share; sorted and paged on the server), "make it a hot word" (an engine
// command creating a hot word, refused on the field for a word already a hot word, and refused to a caller
// without the hot-word add permission), and the hot words' and recommended searches' counts of the last 30 days.

const TZ = 'Asia/Shanghai';
const DAY = 86_400_000;

type Row = {
  keyword: string;
  language: string | null;
  searches: number;
  users: number;
  averageResults: number | null;
  zeroShare: number | null;
  hotWord: boolean;
};

describe('search history summary and hot words', () => {
  let t: TestApp;
  let admin: string;
  let call: ReturnType<typeof client>;
  let ok: ReturnType<typeof okClient>;
  const buyers: number[] = [];
  const engine = createEngine({ fieldPolicy: {} });
  let n = 0;

  const search = (
    keyword: string,
    userId: number | null,
    resultsCount: number,
    daysAgo = 0,
    lang = 'en',
  ) => ({
    eventId: `kw${++n}`,
    type: 'search',
    keyword,
    userId,
    resultsCount,
    lang,
    occurredAt: new Date(Date.now() - daysAgo * DAY - 60_000).toISOString(),
  });
  const ingest = async (events: Record<string, unknown>[]) => {
    const r = await t.db.transaction((tx) =>
      ingestEvents({ db: tx, engine, lang: 'en', now: new Date(), timeZone: TZ }, events),
    );
    expect(r.rejected).toEqual([]);
  };
  const summary = async (query = '', token = admin, lang: 'en' | 'zh' = 'en') => {
    const res = await call({ method: 'GET', url: `/api/search_keyword/list?${query}`, token, lang });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.content as { total: number; list: Row[] };
  };
  const role = async (code: string, permissionIds: number[]) =>
    (
      await ok({
        method: 'POST',
        url: '/api/role',
        body: { code, name: { en: code, zh: code }, status: 'enabled', remark: '', permissionIds },
      })
    ).id as number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    call = client(t.app, admin);
    ok = okClient(call);
    const users = entityTables.user_manager!;
    for (let i = 0; i < 3; i++) {
      const [u] = await t.db
        .insert(users)
        .values({ account: `kwbuyer${i}`, type: 'buyer' } as never)
        .returning({ id: users.id });
      buyers.push(u!.id as number);
    }
    const [a, b, c] = buyers as [number, number, number];
    await ingest([
      // "LED panel": 4 searches by two users (one of them on two days), one anonymous, one found nothing
      search('LED panel', a, 10, 0),
      search('led panel ', a, 6, 3),
      search('Led Panel', b, 0, 1),
      search('LED panel', null, 4, 2),
      // "离心泵": 2 searches by one user in Chinese
      search('离心泵', c, 3, 0, 'zh'),
      search('离心泵', c, 5, 5, 'zh'),
      // "valve": 1 search, nothing found
      search('Valve', b, 0, 0),
      // outside the last 30 days: counted neither by the default period nor by the hot words
      search('LED panel', c, 1, 40),
      search('ancient', c, 1, 40),
    ]);
  });
  afterAll(() => t?.close());

  it('sums the period’s searches per keyword and language, users counted once, sorted by searches', async () => {
    const page = await summary();
    expect(page.total).toBe(3);
    expect(page.list.map((r) => r.keyword)).toEqual(['led panel', '离心泵', 'valve']);
    expect(page.list[0]).toMatchObject({
      keyword: 'led panel',
      language: 'en',
      searches: 4,
      users: 2,
      averageResults: 5,
      zeroShare: 25,
      hotWord: false,
    });
    expect(page.list[1]).toMatchObject({
      language: 'zh',
      searches: 2,
      users: 1,
      averageResults: 4,
      zeroShare: 0,
    });
    expect(page.list[2]).toMatchObject({ searches: 1, users: 1, averageResults: 0, zeroShare: 100 });
  });

  it('sorts, pages and filters on the server, over a chosen period', async () => {
    const byZero = await summary('sort=zeroShare&order=desc&size=1&page=2');
    expect(byZero.total).toBe(3);
    expect(byZero.list.map((r) => r.keyword)).toEqual(['led panel']);
    // sorted by users: every keyword's users counted, the same figures as on the page-only path
    const byUsers = await summary('sort=users&order=asc');
    expect(byUsers.list.map((r) => [r.keyword, r.users])).toEqual([
      ['valve', 1],
      ['离心泵', 1],
      ['led panel', 2],
    ]);
    const asc = await summary('sort=keyword&order=asc');
    expect(asc.list.map((r) => r.keyword)).toEqual(['led panel', 'valve', '离心泵']);
    expect((await summary('keyword=PANEL')).list.map((r) => r.keyword)).toEqual(['led panel']);
    expect((await summary('language=zh')).list.map((r) => r.keyword)).toEqual(['离心泵']);
    const from = new Date(Date.now() - 45 * DAY).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 35 * DAY).toISOString().slice(0, 10);
    const old = await summary(`periodFrom=${from}&periodTo=${to}`);
    expect(old.list.map((r) => [r.keyword, r.searches])).toEqual([
      ['ancient', 1],
      ['led panel', 1],
    ]);
  });

  it('refuses malformed parameters with 400 naming them, never a 5xx', async () => {
    for (const [query, name] of [
      ['periodFrom=2026-02-30', 'periodFrom'],
      ['periodFrom=2026-05-01&periodTo=2026-04-01', 'period'],
      ['periodFrom=2020-01-01&periodTo=2026-01-01', 'periodFrom'],
      ['sort=nope', 'sort'],
      ['page=0', 'page'],
      ['language=fr', 'language'],
    ] as const) {
      const res = await call({ method: 'GET', url: `/api/search_keyword/list?${query}` });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(name);
    }
  });

  it('refuses a supplier account and a staff account without the search history menu', async () => {
    await ok({ method: 'POST', url: '/api/company', body: supplierCompanyBody('kwsupplier', 'Secret12345') });
    const supplier = await login(t.app, 'kwsupplier', 'Secret12345');
    expect((await call({ method: 'GET', url: '/api/search_keyword/list', token: supplier })).status).toBe(
      403,
    );
    const other = await role('kw_banners', [await menuId(t.db, '/banner/banner_list')]);
    await createAccount(t.db, 'kwbanners', 'Secret12345', [other]);
    const staff = await login(t.app, 'kwbanners', 'Secret12345');
    expect((await call({ method: 'GET', url: '/api/search_keyword/list', token: staff })).status).toBe(403);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/search_top/from_keyword',
          token: staff,
          body: { enWord: 'x', zhWord: 'x' },
        })
      ).status,
    ).toBe(403);
  });

  it('makes a keyword a hot word, then refuses it again on its field in both languages', async () => {
    const made = await ok({
      method: 'POST',
      url: '/api/search_top/from_keyword',
      body: { enWord: 'LED panel', zhWord: 'LED 面板' },
    });
    expect(made).toMatchObject({ enWord: 'LED panel', zhWord: 'LED 面板' });
    const stored = await ok({ method: 'GET', url: `/api/search_top/${made.id}` });
    expect(stored).toMatchObject({ status: 'enabled', searchCount: 4 });
    expect((await summary()).list[0]).toMatchObject({ keyword: 'led panel', hotWord: true });

    const again = await call({
      method: 'POST',
      url: '/api/search_top/from_keyword',
      body: { enWord: 'led PANEL', zhWord: '新词' },
    });
    expect(again.status).toBe(400);
    const errors = (again.body.content as { errors: { path: string; message: string }[] }).errors;
    expect(errors).toEqual([{ path: 'enWord', message: '“led PANEL” is already a hot word' }]);
    const zh = await call({
      method: 'POST',
      url: '/api/search_top',
      lang: 'zh',
      body: { enWord: 'Fresh', zhWord: 'led 面板', sortNo: 1, status: 'enabled' },
    });
    expect(zh.status).toBe(400);
    expect(JSON.stringify(zh.body)).toContain('zhWord');
    expect(JSON.stringify(zh.body)).toContain('已是热门搜索词');
    // editing a hot word without changing its words is no repeat of itself
    await ok({ method: 'PUT', url: `/api/search_top/${made.id}`, body: { ...stored, sortNo: 9 } });
  });

  it('lets only one of several concurrent adds of the same word through', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        call({
          method: 'POST',
          url: i % 2 ? '/api/search_top' : '/api/search_top/from_keyword',
          body: {
            enWord: `Racing ${i}`,
            zhWord: '同时热词',
            ...(i % 2 ? { sortNo: i, status: 'enabled' } : {}),
          },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400))
      expect(JSON.stringify(r.body)).toContain('zhWord');
  });

  it('refuses malformed bodies naming the field', async () => {
    for (const [body, name] of [
      [{ enWord: 'Pump' }, 'zhWord'],
      [{ enWord: 'x'.repeat(51), zhWord: '泵' }, 'enWord'],
      [{ enWord: 12, zhWord: '泵' }, 'enWord'],
    ] as const) {
      const res = await call({ method: 'POST', url: '/api/search_top/from_keyword', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(name);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/search_top/from_keyword',
      headers: { 'x-token': admin, 'content-type': 'application/json' },
      payload: '{"enWord":',
    });
    expect(raw.statusCode).toBe(400);
  });

  it('refuses the command to staff holding it but not the hot-word add permission', async () => {
    const permissionIds = [
      await menuId(t.db, '/searchManage'),
      await menuId(t.db, '/searchManage/search_history_list'),
      await menuId(t.db, '/searchManage/search_top_list'),
      await resourceId(t.db, 'POST', '/api/search_top/from_keyword'),
    ];
    await createAccount(t.db, 'kwnoadd', 'Secret12345', [await role('kw_no_add', permissionIds)]);
    const token = await login(t.app, 'kwnoadd', 'Secret12345');
    expect((await call({ method: 'GET', url: '/api/search_keyword/list', token })).status).toBe(200);
    const res = await call({
      method: 'POST',
      url: '/api/search_top/from_keyword',
      token,
      body: { enWord: 'Valve', zhWord: '阀门' },
    });
    expect(res.status).toBe(403);
    const withAdd = await role('kw_add', [
      ...permissionIds,
      await resourceId(t.db, 'POST', '/api/search_top'),
    ]);
    await createAccount(t.db, 'kwadd', 'Secret12345', [withAdd]);
    const adder = await login(t.app, 'kwadd', 'Secret12345');
    const made = await call({
      method: 'POST',
      url: '/api/search_top/from_keyword',
      token: adder,
      body: { enWord: 'Valve', zhWord: '阀门' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  });

  it('counts hot words’ and recommended searches’ searches of the last 30 days from the rollup', async () => {
    const pump = await ok({
      method: 'POST',
      url: '/api/search_top',
      body: { enWord: 'Pump', zhWord: '离心泵', sortNo: 3, status: 'enabled' },
    });
    const recommended = await ok({
      method: 'POST',
      url: '/api/recommend_search',
      body: { enKeyword: 'LED Panel', zhKeyword: '离心泵', sortNo: 1, status: 'enabled' },
    });
    expect(pump.searchCount).toBe(2);
    expect(recommended.searchCount).toBe(6);
    await ingest([search('pump', buyers[0]!, 2, 0), search('LED panel', buyers[1]!, 2, 29)]);
    const list = await ok({ method: 'GET', url: '/api/search_top/list?size=50' });
    expect(list.list.find((r: { id: number }) => r.id === pump.id).searchCount).toBe(3);
    const again = await ok({ method: 'GET', url: `/api/recommend_search/${recommended.id}` });
    expect(again.searchCount).toBe(7);
  });
});
