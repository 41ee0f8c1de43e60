import { CheckOutlined, TranslationOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@organiser/domain';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, i18n } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { LANGUAGE_NAMES } from './language-names';

/** Language switch: 中文 / English, stored, no reload. */
export function LangSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [lang],
        items: LANGUAGES.map((l) => ({
          key: l,
          label: (
            <span lang={l === 'zh' ? 'zh-CN' : 'en'}>
              {LANGUAGE_NAMES[l]}
              {l === lang && <CheckOutlined style={{ marginInlineStart: 8 }} aria-hidden />}
            </span>
          ),
          disabled: l === lang,
        })),
        onClick: async ({ key }) => {
          await changeLanguage(key as Language);
          message.success(i18n.t('navbar.switchLanguageSuccess'));
        },
      }}
    >
      <Button
        type="text"
        aria-label={`${t('common.labelled', { label: t('navbar.language') })}${LANGUAGE_NAMES[lang]}`}
        aria-haspopup="menu"
        icon={<TranslationOutlined />}
      />
    </Dropdown>
  );
}
