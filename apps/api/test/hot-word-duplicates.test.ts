import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTables } from '../src/db/schema/entities';
import { client, okClient } from './engine/setup';
import { createTestApp, login, type TestApp } from './helpers';

// Hot words duplicated before the guard (imported, or written before it; here inserted without the engine) are
// marked `duplicate` on the list and found with its filter: a word repeating another live hot word's in either
// language, trimmed and case ignored, as the guard compares. The mark follows edits and deletions.

type Rec = Record<string, unknown> & { id: number; version: number };

describe('duplicated hot words', () => {
  let t: TestApp;
  let ok: ReturnType<typeof okClient>;
  const table = entityTables.search_top!;

  const insertRaw = async (enWord: string, zhWord: string) => {
    const [row] = await t.db
      .insert(table)
      .values({ enWord, zhWord, status: 'enabled', sortNo: 0 } as never)
      .returning({ id: table.id });
    return row!.id as number;
  };
  const list = async (query = '') =>
    (await ok({ method: 'GET', url: `/api/search_top/list?size=100${query}` })).list as Rec[];
  const marks = async () =>
    Object.fromEntries((await list()).map((r) => [r.id, r.duplicate])) as Record<number, boolean>;
  const duplicates = async () => (await list('&duplicate=true')).map((r) => r.id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
    ok = okClient(client(t.app, await login(t.app)));
  });
  afterAll(() => t.close());

  it('marks rows repeating another live row’s word, either language, as the guard compares, and filters them', async () => {
    const pump = (await ok({
      method: 'POST',
      url: '/api/search_top',
      body: { enWord: 'Pump', zhWord: '泵' },
    })) as Rec;
    const valve = (await ok({
      method: 'POST',
      url: '/api/search_top',
      body: { enWord: 'valve', zhWord: '阀门' },
    })) as Rec;
    const motor = (await ok({
      method: 'POST',
      url: '/api/search_top',
      body: { enWord: 'motor', zhWord: '电机' },
    })) as Rec;
    expect(await duplicates()).toEqual([]);
    // the guard still refuses a duplicate written through the engine
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/search_top',
      headers: { 'x-token': await login(t.app) },
      payload: { enWord: ' PUMP ', zhWord: '水泵' },
    });
    expect(refused.statusCode).toBe(400);

    // written before the guard: the same word with other case and spaces, a Chinese word in the English slot
    const pumpAgain = await insertRaw('  pump ', '水泵');
    const crossed = await insertRaw('阀门', 'valves');
    const unique = await insertRaw('bearing', '轴承');

    expect(await duplicates()).toEqual([pump.id, valve.id, pumpAgain, crossed].sort((a, b) => a - b));
    const marked = await marks();
    expect(marked).toMatchObject({
      [pump.id]: true,
      [valve.id]: true,
      [pumpAgain]: true,
      [crossed]: true,
      [motor.id]: false,
      [unique]: false,
    });
    const notDuplicated = (await list('&duplicate=false')).map((r) => r.id);
    expect(notDuplicated).toEqual(expect.arrayContaining([motor.id, unique]));
    expect(notDuplicated).not.toContain(pump.id);
    // one record read alone shows its mark too
    expect((await ok({ method: 'GET', url: `/api/search_top/${crossed}` })).duplicate).toBe(true);

    // fixing one side of a pair unmarks both; deleting one of a pair unmarks the other
    const current = (await ok({ method: 'GET', url: `/api/search_top/${crossed}` })) as Rec;
    await ok({
      method: 'PATCH',
      url: `/api/search_top/${crossed}`,
      body: { version: current.version, enWord: 'gate valve', zhWord: '闸阀' },
    });
    expect(await duplicates()).toEqual([pump.id, pumpAgain].sort((a, b) => a - b));
    expect((await marks())[valve.id]).toBe(false);
    await ok({ method: 'DELETE', url: `/api/search_top/${pumpAgain}` });
    expect(await duplicates()).toEqual([]);
    expect((await marks())[pump.id]).toBe(false);

    // a mark cannot be written by a caller: sent back, it is ignored (a PUT of what GET answered is accepted)
    const fresh = (await ok({ method: 'GET', url: `/api/search_top/${motor.id}` })) as Rec;
    const forged = await t.app.inject({
      method: 'PATCH',
      url: `/api/search_top/${motor.id}`,
      headers: { 'x-token': await login(t.app) },
      payload: { version: fresh.version, duplicate: true },
    });
    expect(forged.statusCode).toBe(200);
    const [stored] = await t.db.select().from(table).where(eq(table.id, motor.id));
    expect((stored as Rec).duplicate).toBe(false);
  });

  it('finds a word’s rows through its index on the normalised word', async () => {
    await t.db.execute(sql`set enable_seqscan = off`);
    const plan = await t.db.execute(
      sql`explain select id from search_top where deleted_at is null and lower(btrim(zh_word)) = '泵'`,
    );
    await t.db.execute(sql`set enable_seqscan = on`);
    const rows = ((plan as unknown as { rows?: Record<string, string>[] }).rows ?? plan) as Record<
      string,
      string
    >[];
    expect(rows.map((r) => Object.values(r).join(' ')).join('\n')).toContain('search_top_zh_word_key_idx');
  });
});
