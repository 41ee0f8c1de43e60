import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../download';
import type { EntityMeta } from '../entity-meta';
import { useEngineText } from '../messages';

type Props = {
  meta: EntityMeta;
  columns: string[];
  matchQuery: Record<string, string>;
  sort?: { sort?: string; order?: string };
};

/** Export of what the list shows (issue 4): the visible columns in their order, the current filters, headers in the
 * user's language; xlsx or CSV with a BOM so Excel opens Chinese (what-users-want B.2 #9). */
export function ExportButton({ meta, columns, matchQuery, sort }: Props) {
  const t = useEngineText();
  const { message } = App.useApp();
  const [isBusy, setBusy] = useState(false);
  const run = async (format: 'xlsx' | 'csv') => {
    setBusy(true);
    message.info({ content: t('export.started'), key: 'export' });
    try {
      const date = new Date().toISOString().slice(0, 10);
      const ok = await downloadFile(
        `/${meta.def.name}/export`,
        { ...matchQuery, ...sort, format, columns: columns.join(','), lang: meta.lang },
        `${meta.label({ plural: true })}-${date}.${format}`,
      );
      if (ok) message.destroy('export');
    } catch {
      message.error({ content: t('export.failed'), key: 'export' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('export.xlsx') },
          { key: 'csv', label: t('export.csv') },
        ],
        onClick: ({ key }) => void run(key as 'xlsx' | 'csv'),
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={isBusy}>
        {t('export.button')}
      </Button>
    </Dropdown>
  );
}
