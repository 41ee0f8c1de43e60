import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useEngineText } from '../../engine';
import '../../components/entity-screens.css';

type Props = {
  title: string;
  /** The Add button's text; no button without `onAdd` (the user may not add). */
  addLabel: string;
  onAdd?: () => void;
  onReload: () => void;
  isReloading: boolean;
  /** The column settings button, after Reload as on the engine lists. */
  columnSettings?: ReactNode;
};

/** The heading and buttons of the access lists, as every engine list has them: Add first, then Reload and the column settings. */
export function AccessListHeader({ title, addLabel, onAdd, onReload, isReloading, columnSettings }: Props) {
  const t = useEngineText();
  return (
    <header className="entity-page-header">
      <h1 className="app-page-title">{title}</h1>
      <Space size={8} wrap className="entity-toolbar">
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
        <Tooltip title={t('list.reload')}>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            aria-label={t('list.reload')}
            onClick={onReload}
            loading={isReloading}
          />
        </Tooltip>
        {columnSettings}
      </Space>
    </header>
  );
}
