import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { PRESET_THEME_COLORS } from '@organiser/domain';
import { Button, Drawer, Switch, Tooltip, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../i18n/use-lang';
import { type Settings, updateSettings, useSettings } from '../state/app-settings';
import { NAVBAR_TIP } from './navbar-tip';

function SettingRow({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="app-setting-row">
      <label htmlFor={id}>{label}</label>
      <Switch id={id} checked={checked} onChange={onChange} />
    </div>
  );
}

/**
 * Settings panel: theme colour (8 preset colours), tags view, fixed header,
 * sidebar logo, pinyin search (Chinese only) and dark mode, applied live through antd theme tokens. Opened from
 * the top bar rather than a button fixed on the page edge, which would cover page content.
 */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const lang = useLang();
  const [isOpen, setOpen] = useState(false);
  const settings = useSettings((s) => s);
  const set = (patch: Partial<Settings>) => updateSettings(patch);
  return (
    <>
      <Tooltip classNames={NAVBAR_TIP} title={isOpen ? null : t('settings.open')} placement="bottom">
        <Button
          type="text"
          aria-label={t('settings.open')}
          aria-expanded={isOpen}
          icon={<SettingOutlined />}
          onClick={() => setOpen((v) => !v)}
        />
      </Tooltip>
      <Drawer
        open={isOpen}
        onClose={() => setOpen(false)}
        size={300}
        title={t('settings.title')}
        placement="right"
      >
        <Typography.Text strong>{t('settings.theme')}</Typography.Text>
        <div className="app-theme-swatches" role="radiogroup" aria-label={t('settings.theme')}>
          {PRESET_THEME_COLORS.map((colour) => {
            const isChecked = settings.themeColor.toLowerCase() === colour.toLowerCase();
            return (
              // biome-ignore lint/a11y/useSemanticElements: a colour swatch is a button styled as a radio choice
              <button
                key={colour}
                type="button"
                role="radio"
                aria-checked={isChecked}
                aria-label={t('settings.themeColour', { colour })}
                className="app-theme-swatch"
                style={{ background: colour }}
                onClick={() => set({ themeColor: colour })}
              >
                {isChecked && <CheckOutlined aria-hidden />}
              </button>
            );
          })}
        </div>
        <SettingRow
          label={t('settings.tagsView')}
          checked={settings.tagsView}
          onChange={(v) => set({ tagsView: v })}
        />
        <SettingRow
          label={t('settings.fixedHeader')}
          checked={settings.fixedHeader}
          onChange={(v) => set({ fixedHeader: v })}
        />
        <SettingRow
          label={t('settings.sidebarLogo')}
          checked={settings.sidebarLogo}
          onChange={(v) => set({ sidebarLogo: v })}
        />
        {lang === 'zh' && (
          <SettingRow
            label={t('settings.pinyinSearch')}
            checked={settings.pinyinSearch}
            onChange={(v) => set({ pinyinSearch: v })}
          />
        )}
        <SettingRow
          label={t('settings.darkMode')}
          checked={settings.darkMode}
          onChange={(v) => set({ darkMode: v })}
        />
      </Drawer>
    </>
  );
}
