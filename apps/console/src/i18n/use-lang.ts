import { LANGUAGES, type Language } from '@organiser/domain';
import { useTranslation } from 'react-i18next';

/** The current console language; components using it re-render on a language switch. */
export function useLang(): Language {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return LANGUAGES.includes(lang as Language) ? (lang as Language) : 'en';
}
