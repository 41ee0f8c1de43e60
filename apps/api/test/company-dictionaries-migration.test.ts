import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import { enabledDictItems } from '../src/engine/write/dictionary-check';
import { companyLanguage, companyMainMarket, seedDictionaries } from '../src/modules/dictionary';
import { migratedAcross } from './migration-helpers';

// Migration 0016 on a database whose companies hold languages and main markets as free text (PGlite, or
// PostgreSQL when TEST_DATABASE_URL is set): the database is migrated up to the migration before it, rows are
// written, then every migration runs. Each text becomes the value of an item of its dictionary; none is lost.

const TAG = '0016_company_language_market_dictionaries';

let handle: DbHandle;
let close: () => Promise<void>;

type Item = { value: string; en: string; zh: string; status: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const itemsOf = async (code: string): Promise<Item[]> =>
  rowsOf<Item>(
    await handle.db.execute(sql`select i.value, i.en_label as en, i.zh_label as zh, i.status
      from dict_item i join dict_group g on g.id = i.group_id where g.code = ${code} order by i.sort, i.id`),
  );

const companies = async () =>
  Object.fromEntries(
    rowsOf<{ name: string; languages: string[] | null; main_markets: string[] | null }>(
      await handle.db.execute(sql`select name, languages, main_markets from company order by id`),
    ).map((r) => [r.name, { languages: r.languages, mainMarkets: r.main_markets }]),
  );

beforeAll(async () => {
  ({ handle, close } = await migratedAcross(TAG, async (before) => {
    await before.db.execute(sql`insert into company (name, languages, main_markets) values
    ('Labels', array['English', ' chinese ', '西班牙语', 'ENGLISH', ''], array['North America', '东南亚']),
    ('Codes', array['de', 'JA'], array['middle_east']),
    ('Free text', array['Swahili', ' swahili', 'Klingon'], array['Moon base', 'North America']),
    ('Empty', null, array[]::text[])`);
  }));
}, 120_000);

afterAll(async () => close?.());

describe('migration 0016: company languages and main markets', () => {
  it('turns texts matching an item’s value or label (case and spaces aside) into its value, each once', async () => {
    const rows = await companies();
    expect(rows.Labels).toEqual({
      languages: ['en', 'zh', 'es'],
      mainMarkets: ['north_america', 'southeast_asia'],
    });
    expect(rows.Codes).toEqual({ languages: ['de', 'ja'], mainMarkets: ['middle_east'] });
    expect(rows.Empty).toEqual({ languages: null, mainMarkets: [] });
  });

  it('keeps a text matching no item as a new enabled item labelled with it in both languages', async () => {
    const rows = await companies();
    expect(rows['Free text']).toEqual({
      languages: ['Swahili', 'Klingon'],
      mainMarkets: ['Moon base', 'north_america'],
    });
    const languages = await itemsOf('company_language');
    expect(languages.slice(companyLanguage.items.length)).toEqual([
      { value: 'Klingon', en: 'Klingon', zh: 'Klingon', status: 'enabled' },
      { value: 'Swahili', en: 'Swahili', zh: 'Swahili', status: 'enabled' },
    ]);
    const markets = await itemsOf('company_main_market');
    expect(markets.slice(companyMainMarket.items.length)).toEqual([
      { value: 'Moon base', en: 'Moon base', zh: 'Moon base', status: 'enabled' },
    ]);
    expect((await enabledDictItems(handle.db, 'company_language')).map((o) => o.value)).toContain('Swahili');
  });

  it('writes the reference seed’s items, which the seed then leaves alone', async () => {
    for (const d of [companyLanguage, companyMainMarket]) {
      const items = await itemsOf(d.code);
      expect(items.slice(0, d.items.length), d.code).toEqual(
        d.items.map((i) => ({ value: i.value, en: i.en, zh: i.zh, status: 'enabled' })),
      );
    }
    await seedDictionaries(handle.db, [companyLanguage, companyMainMarket]);
    expect(await itemsOf(companyLanguage.code)).toHaveLength(companyLanguage.items.length + 2);
  });
});
