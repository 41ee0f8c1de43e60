import type { Language } from '@organiser/domain';
import { useMemo } from 'react';
import { i18n } from './instance';
import { useLang } from './use-lang';

/** The i18next namespaces of flat texts (keys such as `list.add` are whole keys, not paths): the generic screens
 * (`engine`), the report screen, and the pages that have texts of their own. The domain's messages stay in the
 * default namespace `translation`, a tree read with `useTranslation()`. */
export const TEXT_NAMESPACES = [
  'engine',
  'report',
  'users',
  'access',
  'system',
  'suppliers',
  'requirements',
  'permissionTree',
  'consults',
  'marketing',
  'chat',
  'points',
  'statistics',
  'dashboard',
] as const;
export type TextNamespace = (typeof TEXT_NAMESPACES)[number];

export type TextParams = Record<string, string | number>;

/** A namespace's `t` with its keys typed: a plural text is named without its suffix and its form is picked by
 * the `count` parameter (i18next's `_one` / `_other`). */
export type Texts<K extends string> = (key: K, params?: TextParams) => string;

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** The texts of a namespace in one language. The keys hold dots and are looked up whole, so a key may also be
 * the beginning of another (`history`, `history.time`). */
export function textsIn<K extends string>(ns: TextNamespace, lang: Language): Texts<K> {
  // the namespaces' keys are typed here, by each table, rather than in i18next's resource types
  const t = (i18n.getFixedT as (lng: string, ns: string) => unknown)(lang, ns) as LooseT;
  return (key, params) => t(key, { ...params, keySeparator: false, nsSeparator: false });
}

/** The texts of a namespace in the console's current language (re-renders on a language switch). */
export function useTexts<K extends string>(ns: TextNamespace): Texts<K> {
  const lang = useLang();
  return useMemo(() => textsIn<K>(ns, lang), [ns, lang]);
}
