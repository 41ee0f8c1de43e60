import {
  type Bilingual,
  detectLanguage,
  isLanguage,
  LANGUAGES,
  type Language,
  messages,
  type PublicConfig,
} from '@organiser/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { initReactI18next } from 'react-i18next';
import { COOKIE, getCookie, setCookie } from '../state/storage';
import { i18n } from './instance';
import { textNamespaces } from './namespaces';
import { TEXT_NAMESPACES, type TextNamespace } from './texts';

export { i18n };

export function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return detectLanguage(getCookie(COOKIE.language), browser);
}

/** Sets a dotted key (`term.company`) inside a nested catalogue copy. */
function withOverride(tree: Record<string, unknown>, key: string, value: string): void {
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}

type SiteTexts = PublicConfig['site']['texts'];

/** Where a site variant's text goes: `users:reset.action` names a flat namespace and its whole key; any other
 * key (`term.company`, `entity.company.label`) is a path in the domain's messages (`translation`). */
function siteTextTarget(key: string): { ns: TextNamespace; key: string } | null {
  const colon = key.indexOf(':');
  if (colon < 0) return null;
  const ns = key.slice(0, colon) as TextNamespace;
  return TEXT_NAMESPACES.includes(ns) ? { ns, key: key.slice(colon + 1) } : null;
}

/** Builds the i18next resources: the domain's messages and the flat text namespaces, with the site variant's
 * texts on top. */
export function buildResources(texts?: SiteTexts) {
  const resources = {} as Record<Language, Record<'translation' | TextNamespace, Record<string, unknown>>>;
  for (const lang of LANGUAGES) {
    const flat = Object.fromEntries(
      TEXT_NAMESPACES.map((ns) => [ns, { ...textNamespaces[ns][lang] }]),
    ) as Record<TextNamespace, Record<string, unknown>>;
    resources[lang] = { translation: structuredClone(messages[lang]), ...flat };
    for (const [key, value] of Object.entries(texts?.[lang] ?? {})) {
      const target = siteTextTarget(key);
      if (target) resources[lang][target.ns][target.key] = value;
      else withOverride(resources[lang].translation, key, value);
    }
  }
  return resources;
}

export async function initI18n(lang: Language, texts?: SiteTexts): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: ['translation', ...TEXT_NAMESPACES],
    defaultNS: 'translation',
    resources: buildResources(texts),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyLanguageSideEffects(lang);
}

function applyLanguageSideEffects(lang: Language): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : 'en';
}

/** Switches the language everywhere without a reload and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  setCookie(COOKIE.language, lang);
  applyLanguageSideEffects(lang);
  await i18n.changeLanguage(lang);
}

/** Picks the text of a bilingual title in the current language. */
export const pick = (text: Bilingual, lang: Language): string => text[lang] || text.en;

/** Applies the site variant's texts (labels a variant overrides, e.g. "Company" → "Shop") after boot, to the
 * domain's messages or, for a `namespace:key`, to that namespace's whole key. */
export function applySiteTexts(texts: SiteTexts): void {
  for (const lang of LANGUAGES) {
    for (const [key, value] of Object.entries(texts[lang] ?? {})) {
      const target = siteTextTarget(key);
      // a bundle keeps a dotted key whole, as the namespace's own keys are
      if (target) i18n.addResourceBundle(lang, target.ns, { [target.key]: value }, true, true);
      else i18n.addResource(lang, 'translation', key, value);
    }
  }
}
