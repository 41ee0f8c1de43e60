import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useEngineText } from '../../messages';
import type { RowAction } from '../slots';

/** A row's actions: the first ones as links, the rest under "More" so the column stays narrow. */
export function RowActions({
  actions,
  label,
  inline = 4,
}: {
  actions: RowAction[];
  label: string;
  inline?: number;
}) {
  const t = useEngineText();
  const shown = actions.length > inline ? actions.slice(0, inline - 1) : actions;
  const rest = actions.length > inline ? actions.slice(inline - 1) : [];
  return (
    <Space size={0} className="entity-row-actions" role="group" aria-label={t('list.rowActions', { label })}>
      {shown.map((a) => (
        <Button key={a.key} type="link" size="small" danger={a.isDanger} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((a) => ({ key: a.key, label: a.label, danger: a.isDanger })),
            onClick: ({ key }) => rest.find((a) => a.key === key)?.onClick(),
          }}
        >
          {/* the browser's own tip: a tooltip component in every row costs more to mount than the row */}
          <Button
            type="link"
            size="small"
            icon={<MoreOutlined aria-hidden />}
            aria-label={t('list.more')}
            title={t('list.more')}
          />
        </Dropdown>
      )}
    </Space>
  );
}
