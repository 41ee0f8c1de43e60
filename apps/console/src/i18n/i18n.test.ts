import { catalogueDifferences, flattenMessages, messages } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { engineMessages } from '../messages';
import { buildResources, detectLanguage } from './i18n';

describe('language choice', () => {
  it('takes the stored choice, else the browser language, else English', () => {
    expect(detectLanguage('zh', ['en-US'])).toBe('zh');
    expect(detectLanguage(undefined, ['zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(detectLanguage('fr', ['de-DE'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });
});

describe('catalogues', () => {
  it('are complete in both languages', () => {
    expect(catalogueDifferences(messages.en, messages.zh)).toEqual({ onlyInA: [], onlyInB: [] });
  });

  it('hold every key the console frame uses', () => {
    // the entity engine and its widgets translate with the generic screens' texts (src/messages, keys checked
    // by their type); a page may use both, so a key is known when either catalogue holds it
    const sources = import.meta.glob<string>(
      ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../engine/**', '!../widgets/**'],
      {
        eager: true,
        query: '?raw',
        import: 'default',
      },
    );
    const known = new Set([...Object.keys(flattenMessages(messages.en)), ...Object.keys(engineMessages.en)]);
    // a page's own text set (`textSet({ en: {...}, zh: {...} })`) holds its keys; TypeScript checks its uses
    for (const text of Object.values(sources)) {
      if (!/\btextSet\b/.test(text)) continue;
      for (const match of text.matchAll(/'([a-zA-Z]+\.[a-zA-Z.]+)':/g)) known.add(match[1]!);
    }
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });

  it('let a site variant override a label (a site variant’s text set)', () => {
    const resources = buildResources({ en: { 'term.company': 'Shop' }, zh: { 'term.company': '店铺' } });
    expect((resources.en.translation.term as Record<string, string>).company).toBe('Shop');
    expect((resources.zh.translation.term as Record<string, string>).company).toBe('店铺');
    expect((resources.en.translation.login as Record<string, string>).account).toBe('Account');
  });
});
