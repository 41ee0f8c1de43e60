import { BugOutlined, CompressOutlined, ExpandOutlined, FontSizeOutlined } from '@ant-design/icons';
import { SIZES, type UiSize } from '@organiser/domain';
import { App, Badge, Button, Dropdown, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import screenfull from 'screenfull';
import { setSize, useApp } from '../state/app-settings';
import { errorLogStore } from '../state/error-log';
import { useStore } from '../state/store';
import { NAVBAR_TIP } from './navbar-tip';

/** Full screen toggle; the icon follows the browser's own state (so Esc updates it). */
export function ScreenfullButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isFull, setFull] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);
  const label = isFull ? t('navbar.exitFullScreen') : t('navbar.fullScreen');
  return (
    <Tooltip classNames={NAVBAR_TIP} title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={isFull ? <CompressOutlined /> : <ExpandOutlined />}
        onClick={() => {
          if (!screenfull.isEnabled) {
            message.warning(t('navbar.screenfullUnsupported'));
            return;
          }
          void screenfull.toggle();
        }}
      />
    </Tooltip>
  );
}

/** Size choice: default / medium / small / mini; the current one is disabled. */
export function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useApp((s) => s.size);
  const [isMenuOpen, setMenuOpen] = useState(false);
  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={setMenuOpen}
      menu={{
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`size.${s}`), disabled: s === size })),
        onClick: ({ key }) => {
          setSize(key as UiSize);
          message.success(t('navbar.switchSizeSuccess'));
        },
      }}
    >
      {/* the tooltip would cover the first choice while the menu is open */}
      <Tooltip
        classNames={NAVBAR_TIP}
        title={t('navbar.size')}
        placement="bottom"
        open={isMenuOpen ? false : undefined}
      >
        <Button type="text" aria-label={t('navbar.size')} aria-haspopup="menu" icon={<FontSizeOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}

/** The bug button appears only while the error log holds entries. */
export function ErrorLogButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const count = useStore(errorLogStore, (list) => list.length);
  if (count === 0) return null;
  const label = t('errorLog.open', { count });
  return (
    <Tooltip classNames={NAVBAR_TIP} title={label}>
      <Badge dot offset={[-6, 6]}>
        <Button type="text" danger aria-label={label} icon={<BugOutlined />} onClick={onOpen} />
      </Badge>
    </Tooltip>
  );
}
