import { catalogueDifferences, flattenMessages, messages } from '@organiser/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { engineText } from '../messages';
import { applySiteTexts, buildResources, i18n } from './i18n';
import { textNamespaces } from './namespaces';

describe('catalogues', () => {
  it('are complete in both languages', () => {
    expect(catalogueDifferences(messages.en, messages.zh)).toEqual({ onlyInA: [], onlyInB: [] });
  });

  it('hold every key the console frame uses', () => {
    // the entity engine and its widgets translate with the generic screens' texts (namespace `engine`, keys
    // checked by their type), a page with its own namespace's; a key is known when any namespace holds it
    const sources = import.meta.glob<string>(
      ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../engine/**', '!../widgets/**'],
      {
        eager: true,
        query: '?raw',
        import: 'default',
      },
    );
    const known = new Set([
      ...Object.keys(flattenMessages(messages.en)),
      ...Object.values(textNamespaces).flatMap((tables) =>
        Object.keys(tables.en).map((key) => key.replace(/_(one|other)$/, '')),
      ),
    ]);
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });

  it('let a site variant override a label (a site variant’s texts)', () => {
    const resources = buildResources({ en: { 'term.company': 'Shop' }, zh: { 'term.company': '店铺' } });
    expect((resources.en.translation.term as Record<string, string>).company).toBe('Shop');
    expect((resources.zh.translation.term as Record<string, string>).company).toBe('店铺');
    expect((resources.en.translation.login as Record<string, string>).account).toBe('Account');
  });

  it('let a site variant override a text of a namespace (`namespace:key`), the rest as it was', () => {
    const resources = buildResources({ en: { 'engine:list.add': 'New' }, zh: { 'engine:list.add': '添加' } });
    expect(resources.en.engine['list.add']).toBe('New');
    expect(resources.zh.engine['list.add']).toBe('添加');
    expect(resources.en.engine['list.search']).toBe('Search');
    // an unknown namespace is a path in the domain's messages, as any other key
    expect(buildResources({ en: { 'nope:x': 'y' }, zh: {} }).en.translation['nope:x']).toBe('y');
  });
});

describe('site texts applied after boot', () => {
  const before = { en: engineText('en', 'list.add'), zh: engineText('zh', 'list.add') };
  afterAll(() => {
    i18n.addResourceBundle('en', 'engine', { 'list.add': before.en }, true, true);
    i18n.addResourceBundle('zh', 'engine', { 'list.add': before.zh }, true, true);
    i18n.addResource('en', 'translation', 'term.company', messages.en.term.company);
  });

  it('change what the console shows: the domain’s messages and a namespace’s whole key', () => {
    // a text already looked up (and remembered) changes too
    expect(engineText('en', 'list.add')).toBe('Add');
    applySiteTexts({
      en: { 'term.company': 'Shop', 'engine:list.add': 'New' },
      zh: { 'engine:list.add': '添加' },
    });
    expect(i18n.t('term.company', { lng: 'en' })).toBe('Shop');
    expect(engineText('en', 'list.add')).toBe('New');
    expect(engineText('zh', 'list.add')).toBe('添加');
  });
});
