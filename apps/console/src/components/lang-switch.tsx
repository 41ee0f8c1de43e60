import { LANGUAGES, type Language } from '@organiser/domain';
import { App, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, i18n } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { LANGUAGE_NAMES } from './language-names';

/**
 * The language switch of the login page: both choices visible at once, and light enough to keep the
 * login page small (the navbar uses the dropdown LangSelect).
 */
export function LangSwitch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  return (
    <fieldset className="app-lang-switch">
      <legend className="app-visually-hidden">{t('login.language')}</legend>
      <Segmented<Language>
        aria-label={t('login.language')}
        size="small"
        value={lang}
        options={LANGUAGES.map((l) => ({
          value: l,
          label: <span lang={l === 'zh' ? 'zh-CN' : 'en'}>{LANGUAGE_NAMES[l]}</span>,
        }))}
        onChange={async (next) => {
          await changeLanguage(next);
          message.success(i18n.t('navbar.switchLanguageSuccess'));
        }}
      />
    </fieldset>
  );
}
