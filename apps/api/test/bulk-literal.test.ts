import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral, unnestRows } from '../src/db/bulk';
import { createTestApp, type TestApp } from './helpers';
import { seededRandom } from './seeded-random';

// Bulk statements send each column as the text literal of an array: whatever the values, the database reads back
// exactly what was given (quotes, backslashes, braces, commas, spaces, the word NULL, empty text, Chinese, emoji,
// negative and large numbers, nulls), on the embedded database and on PostgreSQL alike.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const awkward = [
  '',
  'NULL',
  'null',
  ' leading and trailing ',
  'a,b',
  '{braces}',
  'quote " inside',
  'back\\slash',
  '\\"',
  '"',
  '\\',
  '面料 展会',
  '🙂 emoji',
  'tab\there',
  'new\nline',
  "single ' quote",
];

function randomText(random: () => number): string {
  const alphabet = ['a', 'Z', ' ', ',', '"', '\\', '{', '}', '面', '\t', 'N', 'U', 'L', "'", '🙂'];
  const length = Math.floor(random() * 8);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

describe('bulk array literals', () => {
  it('writes numbers, booleans, nulls and moments as PostgreSQL reads them', () => {
    expect(arrayLiteral([1, -2, null, undefined, 0])).toBe('{1,-2,NULL,NULL,0}');
    expect(arrayLiteral([true, false])).toBe('{t,f}');
    expect(arrayLiteral([new Date('2026-11-26T09:30:00.000Z')])).toBe('{"2026-11-26T09:30:00.000Z"}');
    expect(arrayLiteral(['a"b', 'c\\d'])).toBe('{"a\\"b","c\\\\d"}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('reads back every text as given, nulls included', async () => {
    const random = seededRandom(20261206);
    const texts: (string | null)[] = [...awkward, null];
    for (let i = 0; i < 300; i++) texts.push(random() < 0.1 ? null : randomText(random));
    const rows = texts.map((text, i) => [i, text, i % 7 === 0 ? null : -i * 1_000_003] as const);
    const result = await t.db.execute(
      sql`select * from (${unnestRows(
        'v',
        [
          ['n', 'int'],
          ['text', 'text'],
          ['big', 'bigint'],
        ],
        rows,
      )}) as r order by n`,
    );
    const back = rowsOf<{ n: number; text: string | null; big: string | number | null }>(result);
    expect(back.map((r) => r.text)).toEqual(texts);
    expect(back.map((r) => (r.big == null ? null : Number(r.big)))).toEqual(rows.map((r) => r[2]));
  });

  it('reads back moments and days', async () => {
    const moments = ['2026-01-31T16:00:00.000Z', '2026-02-01T00:00:00.123Z', null];
    const result = await t.db.execute(
      sql`select (extract(epoch from at) * 1000)::float8 as ms, day::text as day from (${unnestRows(
        'v',
        [
          ['at', 'timestamptz'],
          ['day', 'date'],
        ],
        [
          [moments[0], '2026-01-31'],
          [new Date(moments[1]!), '2026-02-01'],
          [null, null],
        ],
      )}) as r`,
    );
    expect(rowsOf<{ ms: number | null; day: string | null }>(result)).toEqual([
      { ms: Date.parse(moments[0]!), day: '2026-01-31' },
      { ms: Date.parse(moments[1]!), day: '2026-02-01' },
      { ms: null, day: null },
    ]);
  });
});
