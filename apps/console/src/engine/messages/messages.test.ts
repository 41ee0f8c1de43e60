import { describe, expect, it } from 'vitest';
import { en } from './en';
import { engineMessages, engineText } from './index';
import { zh } from './zh';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('engine messages', () => {
  it('have the same keys in English and Chinese, none empty, the same placeholders', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const other = zh[key as keyof typeof zh];
      expect(text.trim(), key).not.toBe('');
      expect(other.trim(), key).not.toBe('');
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });

  it('fill placeholders in the chosen language', () => {
    expect(engineText('en', 'list.total', { count: 45 })).toBe('45 records');
    expect(engineText('zh', 'list.total', { count: 45 })).toBe('共 45 条');
    expect(engineMessages.zh['list.add']).toBe('新增');
  });
});
