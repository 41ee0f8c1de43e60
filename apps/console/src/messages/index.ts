import type { Language } from '@organiser/domain';
import { type Texts, textsIn, useTexts } from '../i18n/texts';
import { type EngineMessageKey, en } from './en';
import { zh } from './zh';

export type { TextParams } from '../i18n/texts';
export type { EngineMessageKey };

/** The generic screens' texts by language: the tables of the i18next namespace `engine`. */
export const engineMessages = { en, zh };

export type EngineT = Texts<EngineMessageKey>;

/** A generic screen's text in one language, `{{name}}` placeholders filled, in the plural form of `count` when
 * given (i18next's `_one` / `_other`). */
export function engineText(
  lang: Language,
  key: EngineMessageKey,
  params?: Record<string, string | number>,
): string {
  return textsIn<EngineMessageKey>('engine', lang)(key, params);
}

/** `t` for the generic screens, in the console's current language (re-renders on a language switch). */
export function useEngineText(): EngineT {
  return useTexts<EngineMessageKey>('engine');
}
