import { describe, expect, it } from 'vitest';
import { en } from './en';
import { engineMessages, engineText } from './index';
import { zh } from './zh';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('engine messages', () => {
  it('have the same keys in English and Chinese, none empty, the same placeholders', () => {
    // a singular form (`key_one`) exists only in a language that has one: Chinese has none
    const isSingular = (key: string) => key.endsWith('_one');
    expect(Object.keys(zh).sort()).toEqual(
      Object.keys(en)
        .filter((k) => !isSingular(k))
        .sort(),
    );
    for (const [key, text] of Object.entries(en)) {
      const base = key.replace(/_one$/, '');
      expect(base in en, key).toBe(true);
      const other = zh[base as keyof typeof zh];
      expect(text.trim(), key).not.toBe('');
      expect(other.trim(), key).not.toBe('');
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });

  it('pick the plural form of the count (i18next suffixes)', () => {
    expect(engineText('en', 'list.total', { count: 1 })).toBe('1 record');
    expect(engineText('en', 'list.total', { count: 0 })).toBe('0 records');
    expect(engineText('en', 'list.total', { count: 2 })).toBe('2 records');
    expect(engineText('en', 'import.summary', { count: 1 })).toBe('1 row can be imported');
    expect(engineText('en', 'import.summaryProblems', { count: 1 })).toBe('1 row has a problem');
    expect(engineText('en', 'import.confirm', { count: 1 })).toBe('Import 1 row');
    expect(engineText('en', 'import.confirm', { count: 3 })).toBe('Import 3 rows');
    expect(engineText('en', 'import.done', { count: 1 })).toBe('1 row imported');
    expect(engineText('en', 'bulk.confirm', { action: 'Delete', count: 1 })).toBe('Delete: 1 record?');
    expect(engineText('en', 'list.itemsCount', { count: 1 })).toBe('1 item');
    expect(engineText('zh', 'list.total', { count: 1 })).toBe('共 1 条');
    expect(engineText('zh', 'import.confirm', { count: 1 })).toBe('导入 1 行');
    // every singular form has its base, with the same placeholders
    for (const key of Object.keys(en).filter((k) => k.endsWith('_one')))
      expect(placeholders(en[key as keyof typeof en]), key).toEqual(
        placeholders(en[key.replace(/_one$/, '') as keyof typeof en]),
      );
  });

  it('fill placeholders in the chosen language', () => {
    expect(engineText('en', 'list.total', { count: 45 })).toBe('45 records');
    expect(engineText('zh', 'list.total', { count: 45 })).toBe('共 45 条');
    expect(engineMessages.zh['list.add']).toBe('新增');
  });
});
