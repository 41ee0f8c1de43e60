import { type Bilingual, LANGUAGES, type Language, messages, type PublicConfig } from '@organiser/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COOKIE, getCookie, setCookie } from '../state/storage';

export const i18n = i18next.createInstance();

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * Language choice: stored, else browser language, else English. A browser
 * language is recognised when it contains a known code ("zh-CN" → zh, "en-GB" → en).
 */
export function detectLanguage(stored: string | null | undefined, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    const hit = LANGUAGES.find((code) => lower.startsWith(code));
    if (hit) return hit;
  }
  return 'en';
}

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

/** Builds the i18next resources: the domain catalogues with the site variant's text set on top. */
export function buildResources(texts?: PublicConfig['site']['texts']) {
  const resources: Record<Language, { translation: Record<string, unknown> }> = {
    en: { translation: structuredClone(messages.en) },
    zh: { translation: structuredClone(messages.zh) },
  };
  for (const lang of LANGUAGES) {
    for (const [key, value] of Object.entries(texts?.[lang] ?? {})) {
      withOverride(resources[lang].translation, key, value);
    }
  }
  return resources;
}

export async function initI18n(lang: Language, texts?: PublicConfig['site']['texts']): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
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

/** Applies the site variant's text set (labels a variant overrides, e.g. "Company" → "Shop") after boot. */
export function applyTextSet(texts: PublicConfig['site']['texts']): void {
  for (const lang of LANGUAGES) {
    for (const [key, value] of Object.entries(texts[lang] ?? {}))
      i18n.addResource(lang, 'translation', key, value);
  }
}
