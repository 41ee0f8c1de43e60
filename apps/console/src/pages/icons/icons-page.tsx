import { App, Card, Empty, Input, Segmented, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allIcons } from '../../components/all-icons';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import './icons-page.css';

type Theme = 'Outlined' | 'Filled' | 'TwoTone';

const iconList = Object.entries(allIcons)
  .filter(([name]) => /(Outlined|Filled|TwoTone)$/.test(name))
  .map(([name, Icon]) => ({ name, Icon }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** `/icon/index`: browse antd's icons and copy a name, used to choose permission icons. */
export function IconsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [theme, setTheme] = useState<Theme>('Outlined');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());

  const icons = useMemo(
    () => iconList.filter((i) => i.name.endsWith(theme) && i.name.toLowerCase().includes(deferred)),
    [theme, deferred],
  );

  const copy = async (name: string) => {
    try {
      await navigator.clipboard.writeText(name);
    } catch {
      // clipboard refused (insecure origin): the name is still shown in the message to copy by hand
    }
    message.success(t('common.copied', { text: name }));
  };

  return (
    <Card variant="borderless">
      <h1 className="app-page-title">{pick(route.title, lang)}</h1>
      <Typography.Paragraph type="secondary">{t('icons.hint')}</Typography.Paragraph>
      <div className="icons-toolbar">
        <Segmented<Theme>
          aria-label={t('icons.style')}
          value={theme}
          onChange={setTheme}
          options={[
            { value: 'Outlined', label: t('icons.outlined') },
            { value: 'Filled', label: t('icons.filled') },
            { value: 'TwoTone', label: t('icons.twoTone') },
          ]}
        />
        <Input.Search
          allowClear
          aria-label={t('icons.search')}
          placeholder={t('icons.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ maxWidth: 280 }}
        />
        <Typography.Text type="secondary" role="status">
          {t('icons.count', { count: icons.length })}
        </Typography.Text>
      </div>
      {icons.length === 0 ? (
        <Empty description={t('icons.empty')} />
      ) : (
        <ul className="icons-grid">
          {icons.map(({ name, Icon }) => (
            <li key={name}>
              <button type="button" className="icons-item" onClick={() => void copy(name)} title={name}>
                <Icon aria-hidden />
                <span>{name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
