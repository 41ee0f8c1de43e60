import { describe, expect, it } from 'vitest';
import { company } from '../entities/company';
import { t } from './bilingual';
import { defineEntity } from './define-entity';
import { formLayout, listColumns, listFilters } from './descriptors';
import { recordSchema } from './schemas';
import { validateCreate, validateUpdate } from './validate';

// `dictMany`: a list of dictionary values. The kit checks its shape (a list of distinct, non-blank values, at
// most `maxCount`); whether each is an enabled item is the server's check against the database.

const swatch = defineEntity({
  name: 'swatch_many',
  labels: { singular: t('Swatch', '色卡'), plural: t('Swatches', '色卡') },
  permission: { menu: '/swatch' },
  labelField: 'title',
  defaultSort: { field: 'id', order: 'asc' },
  fields: {
    title: { kind: 'text', label: t('Title', '标题') },
    colours: {
      kind: 'dictMany',
      label: t('Colours', '颜色'),
      dict: 'test_colour',
      maxCount: 2,
      list: { filter: 'in' },
    },
  },
});

const messages = (result: ReturnType<typeof validateCreate>) =>
  result.ok ? {} : Object.fromEntries(result.issues.map((i) => [i.path, i.message]));

describe('dictMany fields', () => {
  it('accept a list of values, trimmed, and an empty list or none', () => {
    expect(validateCreate(swatch, { colours: [' red ', 'blue'] })).toMatchObject({
      ok: true,
      value: { colours: ['red', 'blue'] },
    });
    expect(validateCreate(swatch, { colours: [] }).ok).toBe(true);
    expect(validateCreate(swatch, { title: 'A' }).ok).toBe(true);
    expect(validateUpdate(swatch, { colours: null }).ok).toBe(true);
  });

  it('refuse a value that is not a list, a value twice, a blank or non-text value and too many, naming the field', () => {
    for (const colours of ['red', ['red', 'red'], ['  '], [7], ['a', 'b', 'c']]) {
      const found = messages(validateCreate(swatch, { colours }));
      expect(Object.keys(found), JSON.stringify(colours)).toEqual(['colours']);
      expect(found.colours!.en).toMatch(/^Colours/);
      expect(found.colours!.zh).toMatch(/^颜色/);
    }
  });

  it('are lists in records, columns, filters and forms, shown with the dictionary select', () => {
    expect(recordSchema(swatch).safeParse({ ...base, colours: ['red'] }).success).toBe(true);
    const column = listColumns(swatch).find((c) => c.name === 'colours')!;
    expect(column).toMatchObject({ kind: 'dictMany', dict: 'test_colour', isMultiple: true });
    expect(listFilters(swatch).find((f) => f.name === 'colours')).toMatchObject({
      op: 'in',
      dict: 'test_colour',
    });
    const field = formLayout(swatch, { mode: 'add' })
      .flatMap((g) => g.fields)
      .find((f) => f.name === 'colours')!;
    expect(field).toMatchObject({ widget: 'dictSelect', dict: 'test_colour', isMultiple: true, max: 2 });
  });
  it('hold a company’s languages and main markets', () => {
    expect(company.fields.languages).toMatchObject({ kind: 'dictMany', dict: 'company_language' });
    expect(company.fields.mainMarkets).toMatchObject({ kind: 'dictMany', dict: 'company_main_market' });
  });
});

const base = {
  id: 1,
  version: 1,
  title: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
};
