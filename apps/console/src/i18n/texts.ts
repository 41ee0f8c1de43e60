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

/** Texts without parameters by language and namespace, then key: a list names the same actions and values on
 * every row, and i18next's lookup costs far more than a map's. Forgotten whenever a text is added or changed. */
const remembered = new Map<string, Map<string, string>>();
let watched: typeof i18n.store | undefined;

function forgetTexts(): void {
  // emptied in place: the texts functions made before hold their namespace's map
  for (const texts of remembered.values()) texts.clear();
}

/** Follows the store of texts: a new one (i18next initialised again) holds other texts. */
function watchStore(): void {
  if (watched === i18n.store) return;
  forgetTexts();
  watched = i18n.store;
  watched.on('added', forgetTexts);
}

function rememberedIn(lang: Language, ns: TextNamespace): Map<string, string> {
  watchStore();
  const at = `${lang}:${ns}`;
  let texts = remembered.get(at);
  if (!texts) {
    texts = new Map();
    remembered.set(at, texts);
  }
  return texts;
}

/** The texts of a namespace in one language. The keys hold dots and are looked up whole, so a key may also be
 * the beginning of another (`history`, `history.time`). */
export function textsIn<K extends string>(ns: TextNamespace, lang: Language): Texts<K> {
  // the namespaces' keys are typed here, by each table, rather than in i18next's resource types
  const t = (i18n.getFixedT as (lng: string, ns: string) => unknown)(lang, ns) as LooseT;
  const known = rememberedIn(lang, ns);
  return (key, params) => {
    if (params) return t(key, { ...params, keySeparator: false, nsSeparator: false });
    watchStore();
    let text = known.get(key);
    if (text === undefined) {
      text = t(key, { keySeparator: false, nsSeparator: false });
      known.set(key, text);
    }
    return text;
  };
}

/** The texts of a namespace in the console's current language (re-renders on a language switch). */
export function useTexts<K extends string>(ns: TextNamespace): Texts<K> {
  const lang = useLang();
  return useMemo(() => textsIn<K>(ns, lang), [ns, lang]);
}
