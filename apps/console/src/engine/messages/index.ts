import type { Language } from '@organiser/domain';
import { useCallback } from 'react';
import { useLang } from '../../i18n/use-lang';
import { type EngineMessageKey, en } from './en';
import { zh } from './zh';

export type { EngineMessageKey };

/** The generic screens' texts by language (en + zh always, same keys: see messages.test.ts). */
export const engineMessages: Record<Language, Record<EngineMessageKey, string>> = { en, zh };

export type TextParams = Record<string, string | number>;

/** A text in one language with its `{{name}}` placeholders filled. */
export function engineText(lang: Language, key: EngineMessageKey, params?: TextParams): string {
  const template = engineMessages[lang][key] ?? engineMessages.en[key];
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export type EngineT = (key: EngineMessageKey, params?: TextParams) => string;

/** `t` for the generic screens, in the console's current language (re-renders on a language switch). */
export function useEngineText(): EngineT {
  const lang = useLang();
  return useCallback((key, params) => engineText(lang, key, params), [lang]);
}
