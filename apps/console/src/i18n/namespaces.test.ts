import { flattenMessages, LANGUAGES, messages } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { engineText } from '../messages';
import { buildResources } from './i18n';
import { textNamespaces } from './namespaces';
import { TEXT_NAMESPACES, textsIn } from './texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Every namespace's table by language, the domain's tree flattened to dotted keys. */
const tables = () => ({
  translation: { en: flattenMessages(messages.en), zh: flattenMessages(messages.zh) },
  ...textNamespaces,
});

/** A key without its plural suffix: the text a caller names. */
const base = (key: string) => key.replace(/_(one|other)$/, '');

describe('text namespaces', () => {
  it('are all given to i18next, in both languages', () => {
    const resources = buildResources();
    for (const lang of LANGUAGES)
      expect(Object.keys(resources[lang]).sort()).toEqual(['translation', ...TEXT_NAMESPACES].sort());
  });

  it.each(Object.keys(tables()))(
    '%s: every key in both languages, none empty, the same placeholders',
    (ns) => {
      const { en, zh } = tables()[ns as keyof ReturnType<typeof tables>];
      // a singular form (`key_one`) exists only in a language that has one: Chinese has none
      const enKeys = Object.keys(en).filter((key) => !key.endsWith('_one'));
      expect({ onlyInEnglish: enKeys.filter((key) => !(key in zh)) }).toEqual({ onlyInEnglish: [] });
      expect({ onlyInChinese: Object.keys(zh).filter((key) => !(key in en)) }).toEqual({ onlyInChinese: [] });
      for (const [key, text] of Object.entries(en)) {
        expect(text.trim(), `${ns}:${key}`).not.toBe('');
        // a singular form's placeholders are those of its other form; each language names the same ones
        const other = zh[key.endsWith('_one') ? `${base(key)}_other` : key];
        expect(other?.trim(), `${ns}:${key}`).not.toBe('');
        expect(placeholders(other ?? ''), `${ns}:${key}`).toEqual(placeholders(text));
      }
    },
  );

  it.each(Object.keys(tables()))('%s: a plural text has its other form in both languages', (ns) => {
    const { en, zh } = tables()[ns as keyof ReturnType<typeof tables>];
    for (const key of Object.keys(en).filter((k) => /_(one|other)$/.test(k))) {
      expect(`${base(key)}_other` in en, `${ns}:${key}`).toBe(true);
      expect(`${base(key)}_other` in zh, `${ns}:${key}`).toBe(true);
      // a plural text is named without its suffix: no bare key beside its forms
      expect(base(key) in en, `${ns}:${key}`).toBe(false);
    }
  });
});

describe('engine texts', () => {
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
  });

  it('fill placeholders in the chosen language; a count given as text is shown as given', () => {
    expect(engineText('en', 'list.total', { count: 45 })).toBe('45 records');
    expect(engineText('zh', 'list.total', { count: 45 })).toBe('共 45 条');
    expect(engineText('en', 'list.totalEstimate', { count: '1,200' })).toBe('About 1,200 records');
    expect(engineText('zh', 'list.add')).toBe('新增');
    // a placeholder without its parameter stays visible rather than silently empty
    expect(engineText('en', 'list.confirmDelete')).toBe('Delete “{{label}}”?');
  });

  it('look a key up whole, also where it begins another key (`history`, `history.time`)', () => {
    expect(textsIn<string>('system', 'en')('history')).toBe('Change history');
    expect(textsIn<string>('system', 'en')('history.time')).toBe('Time');
    expect(textsIn<string>('system', 'zh')('history.time')).toBe('时间');
  });
});
