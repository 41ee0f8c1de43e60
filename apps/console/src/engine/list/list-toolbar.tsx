import {
  DeleteOutlined,
  PlusOutlined,
  ReloadOutlined,
  RollbackOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useEngineText } from '../../messages';
import type { EntityAccess } from '../access';

type Props = {
  title: string;
  access: EntityAccess;
  isTrash: boolean;
  hasTrash: boolean;
  isRefreshing: boolean;
  onAdd: () => void;
  onImport: () => void;
  onToggleTrash: () => void;
  onReload: () => void;
  /** Export and column settings: they need the list's state. */
  exportButton: ReactNode;
  columnSettings: ReactNode;
  /** Declared commands and a page's own items, after the list's buttons. */
  extra?: ReactNode;
};

/** The list's heading and its page-level buttons, each shown only when the user may use it. */
export function ListToolbar(props: Props) {
  const t = useEngineText();
  const { access, isTrash } = props;
  return (
    <header className="entity-page-header">
      <h1 className="app-page-title">{props.title}</h1>
      <Space size={8} wrap className="entity-toolbar">
        {!isTrash && access.addPath && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={props.onAdd}>
            {t('list.add')}
          </Button>
        )}
        {!isTrash && access.canImport && (
          <Button icon={<UploadOutlined aria-hidden />} onClick={props.onImport}>
            {t('import.button')}
          </Button>
        )}
        {!isTrash && props.exportButton}
        {props.extra}
        {props.hasTrash && (
          <Button
            icon={isTrash ? <RollbackOutlined aria-hidden /> : <DeleteOutlined aria-hidden />}
            onClick={props.onToggleTrash}
            aria-pressed={isTrash}
          >
            {isTrash ? t('list.backToList') : t('list.trash')}
          </Button>
        )}
        <Tooltip title={t('list.reload')}>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            aria-label={t('list.reload')}
            onClick={props.onReload}
            loading={props.isRefreshing}
          />
        </Tooltip>
        {props.columnSettings}
      </Space>
    </header>
  );
}
