import type { Language } from '@organiser/domain';
import { useCallback } from 'react';
import { useLang } from '../i18n/use-lang';
import { type EngineMessageKey, en } from './en';
import { zh } from './zh';

export type { EngineMessageKey };

/** The generic screens' texts by language (en + zh always, same keys: see messages.test.ts). */
export const engineMessages: Record<Language, Record<EngineMessageKey, string>> = { en, zh };

export type TextParams = Record<string, string | number>;

/** The plural forms a language has (i18next's `_one` / `_other` suffixes, from the CLDR rules). */
const pluralRules: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  zh: new Intl.PluralRules('zh'),
};

/** The message of a key for a count, i18next's way: `key_one` when the language calls the count "one", else
 * `key` itself (which holds the other form). A count given as formatted text ("1,200") counts as its number. */
function templateOf(lang: Language, key: EngineMessageKey, count: unknown): string | undefined {
  const table = engineMessages[lang] as Record<string, string>;
  const n =
    typeof count === 'number'
      ? count
      : typeof count === 'string'
        ? Number(count.replace(/[^\d.-]/g, ''))
        : NaN;
  if (!Number.isNaN(n)) {
    const form = table[`${key}_${pluralRules[lang].select(n)}`];
    if (form !== undefined) return form;
  }
  return table[key];
}

/** A text in one language with its `{{name}}` placeholders filled, in the plural form of `count` when given. */
export function engineText(lang: Language, key: EngineMessageKey, params?: TextParams): string {
  const template = templateOf(lang, key, params?.count) ?? engineMessages.en[key];
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export type EngineT = (key: EngineMessageKey, params?: TextParams) => string;

/** A text set of its own (a page's texts, en + zh with the same keys): a text in one language, `{{name}}`
 * placeholders filled. */
export function textSet<K extends string>(tables: Record<Language, Record<K, string>>) {
  const text = (lang: Language, key: K, params?: TextParams) => {
    const template = tables[lang][key] ?? tables.en[key];
    if (!params) return template;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  };
  return { tables, text };
}

export type TextSet<K extends string> = ReturnType<typeof textSet<K>>;

/** `t` of a text set, in the console's current language (re-renders on a language switch). */
export function useTextSet<K extends string>(set: TextSet<K>) {
  const lang = useLang();
  return useCallback((key: K, params?: TextParams) => set.text(lang, key, params), [set, lang]);
}

/** `t` for the generic screens, in the console's current language (re-renders on a language switch). */
export function useEngineText(): EngineT {
  const lang = useLang();
  return useCallback((key, params) => engineText(lang, key, params), [lang]);
}
