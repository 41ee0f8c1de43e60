import { entities } from '@organiser/domain';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoMoment, withFlatRows } from '../src/db/flat-rows';
import { entityTables } from '../src/db/schema/entities';
import { createTestApp, type TestApp } from './helpers';

// A page query's rows mapped by its own flat mapper equal what Drizzle's general mapper gives for the same
// statement: every registered entity's table selected whole, with an SQL expression and a joined column beside
// its columns, on the rows a new database starts with (accounts, roles, permissions, settings: timestamps,
// numbers, JSON, arrays and nulls).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Query = { prepare: (name: string) => { execute: () => Promise<unknown> } };

const prepared = (q: Query) => q.prepare(undefined as unknown as string);

/** For each registered entity's table: a page of its first 20 rows, every column selected (and `extra` beside
 * them), as a function that builds the query anew. */
function entityPages(extra: Record<string, SQL.Aliased> = {}): [name: string, build: () => Query][] {
  return Object.values(entities).flatMap((def) => {
    const table = entityTables[def.name];
    if (!table) return [];
    const columns = getTableColumns(table);
    const selection: Record<string, PgColumn | SQL.Aliased> = { ...columns, ...extra };
    const build = () =>
      t.db
        .select(selection)
        .from(table)
        .orderBy(columns.id as PgColumn)
        .limit(20) as unknown as Query;
    return [[def.name, build]];
  });
}

describe('flat rows', () => {
  it('maps every entity table’s rows as Drizzle does', async () => {
    let compared = 0;
    for (const [name, build] of entityPages({ $total: sql<number>`count(*) over ()`.as('page_total') })) {
      const expected = await prepared(build()).execute();
      const got = await withFlatRows(prepared(build())).execute();
      expect(got, name).toEqual(expected);
      compared += (expected as unknown[]).length;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('gives the moments as ISO strings when asked, the rest as Drizzle does', async () => {
    let moments = 0;
    for (const [name, build] of entityPages()) {
      const expected = (await prepared(build()).execute()) as Record<string, unknown>[];
      const got = (await withFlatRows(prepared(build()), { momentsAsIso: true }).execute()) as Record<
        string,
        unknown
      >[];
      const asIso = expected.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => {
            if (!(v instanceof Date)) return [k, v];
            moments++;
            return [k, v.toISOString()];
          }),
        ),
      );
      expect(got, name).toEqual(asIso);
    }
    expect(moments).toBeGreaterThan(10);
  });

  it('spells every moment PostgreSQL prints in UTC as Date#toISOString does', () => {
    const decoder = {
      mapFromDriverValue: (v: unknown) => new Date(String(v)),
    };
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        (at, micros) => {
          // PostgreSQL prints up to six fraction digits, without trailing zeros, and none for a whole second
          const fraction =
            `${String(at.getUTCMilliseconds()).padStart(3, '0')}${String(micros).padStart(3, '0')}`.replace(
              /0+$/,
              '',
            );
          const text = `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)}${fraction ? `.${fraction}` : ''}`;
          expect(isoMoment(`${text}+00`, true, decoder)).toBe(new Date(`${text}+00`).toISOString());
          expect(isoMoment(text, false, { mapFromDriverValue: (v) => new Date(`${v}+0000`) })).toBe(
            new Date(`${text}+0000`).toISOString(),
          );
        },
      ),
    );
    // another offset, or a Date from the driver, goes through the decoder
    expect(isoMoment('2026-12-07 20:01:31.5+02', true, decoder)).toBe('2026-12-07T18:01:31.500Z');
    expect(isoMoment(new Date('2026-12-07T18:01:31.5Z'), true, { mapFromDriverValue: (v) => v })).toBe(
      '2026-12-07T18:01:31.500Z',
    );
  });

  it('maps a joined label column, null where nothing joins', async () => {
    const user = entityTables.user_manager!;
    const role = entityTables.role!;
    const build = () =>
      t.db
        .select({
          id: user.id as PgColumn,
          createdAt: user.createdAt as PgColumn,
          roleName: role.id as PgColumn,
        })
        .from(user)
        .leftJoin(role, eq(role.id as PgColumn, sql`null`))
        .orderBy(user.id as PgColumn) as unknown as Query;
    const expected = (await prepared(build()).execute()) as Record<string, unknown>[];
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((r) => r.roleName === null)).toBe(true);
    expect(await withFlatRows(prepared(build())).execute()).toEqual(expected);
  });

  it('leaves a selection with nested keys to Drizzle', async () => {
    const user = entityTables.user_manager!;
    const q = t.db
      .select({ id: user.id as PgColumn, nested: { createdAt: user.createdAt as PgColumn } })
      .from(user) as unknown as Query;
    const p = prepared(q) as { customResultMapper?: unknown };
    withFlatRows(p);
    expect(p.customResultMapper).toBeUndefined();
    const rows = (await (p as { execute: () => Promise<{ nested: { createdAt: Date } }[]> }).execute())!;
    expect(rows[0]!.nested.createdAt).toBeInstanceOf(Date);
  });
});
