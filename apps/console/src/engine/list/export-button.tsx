import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useEngineText } from '../../messages';
import { downloadFile } from '../download';
import type { EntityMeta } from '../entity-meta';

type Props = {
  meta: EntityMeta;
  /** The export's API path when the list reads another than the entity's (`ListSlots.exportPath`). */
  path?: string;
  columns: string[];
  matchQuery: Record<string, string>;
  sort?: { sort?: string; order?: string };
};

export type ExportPurpose = 'view' | 'import' | 'template';

/** Downloads an export: what the list shows (`view`), every writable field of the matching records to edit and
 * import again (`import`), or the import file's header row alone (`template`). */
export function downloadExport(
  meta: EntityMeta,
  input: {
    purpose: ExportPurpose;
    format: 'xlsx' | 'csv';
    columns?: string[];
    matchQuery?: Record<string, string>;
    sort?: { sort?: string; order?: string };
    path?: string;
  },
) {
  const date = new Date().toISOString().slice(0, 10);
  const query: Record<string, string | undefined> =
    input.purpose === 'view'
      ? { ...input.matchQuery, ...input.sort, columns: input.columns?.join(',') }
      : input.purpose === 'import'
        ? { ...input.matchQuery, ...input.sort, purpose: 'import' }
        : { purpose: 'template' };
  return downloadFile(
    input.path ?? `/${meta.def.name}/export`,
    { ...query, format: input.format, lang: meta.lang },
    `${meta.label({ plural: true })}-${date}.${input.format}`,
  );
}

/** Export of what the list shows: the visible columns in their order, the current filters, headers in the
 * user's language; xlsx or CSV with a BOM so Excel opens Chinese. An entity that takes
 * imports also offers the matching records with every writable field, ready to import again, and an empty
 * template: the list's columns alone leave out what a new record needs. */
/** Runs a download with the export's toasts ("started", then gone, or "failed") and a busy flag. */
export function useDownloadRun() {
  const t = useEngineText();
  const { message } = App.useApp();
  const [isBusy, setBusy] = useState(false);
  const run = async (download: () => Promise<boolean>) => {
    setBusy(true);
    message.info({ content: t('export.started'), key: 'export' });
    try {
      if (await download()) message.destroy('export');
    } catch {
      message.error({ content: t('export.failed'), key: 'export' });
    } finally {
      setBusy(false);
    }
  };
  return { isBusy, run };
}

export function ExportButton({ meta, path, columns, matchQuery, sort }: Props) {
  const t = useEngineText();
  const { isBusy, run: runDownload } = useDownloadRun();
  // a list of its own exports what it shows: its records are not the ones the entity's import takes
  const canImport = !meta.def.source && !path;
  const run = (key: string) => {
    const [purpose, format] = key.split(':') as [ExportPurpose, 'xlsx' | 'csv'];
    return runDownload(() => downloadExport(meta, { purpose, format, columns, matchQuery, sort, path }));
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'view:xlsx', label: t('export.xlsx') },
          { key: 'view:csv', label: t('export.csv') },
          ...(canImport
            ? [
                { type: 'divider' as const },
                { key: 'import:xlsx', label: t('export.forImport') },
                { key: 'template:xlsx', label: t('export.template') },
              ]
            : []),
        ],
        onClick: ({ key }) => void run(key),
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={isBusy}>
        {t('export.button')}
      </Button>
    </Dropdown>
  );
}
