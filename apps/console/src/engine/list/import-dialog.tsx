import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Steps, Table, type TableColumnsType, Tag, Upload } from 'antd';
import { useState } from 'react';
import { entityApi, type ImportReport, type ImportRowReport } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { Dialog } from '../../components/dialog';
import { type EngineT, useEngineText } from '../../messages';
import type { EntityMeta } from '../entity-meta';
import { downloadExport } from './export-button';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
const isSheet = (file: File) => /\.(xlsx|csv)$/i.test(file.name);

/** The dialog's state: the chosen file, its dry-run report, and the check and the import that fill them. */
function useImport(meta: EntityMeta, onClose: () => void) {
  const t = useEngineText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [isBusy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setReport(null);
    onClose();
  };

  /** The dry run: the report of every row, nothing written. */
  const check = async (chosen: File) => {
    setBusy(true);
    try {
      const res = await entityApi.import(meta.def.name, chosen, { isDryRun: true });
      setReport(res.content);
    } catch {
      setFile(null);
    } finally {
      setBusy(false);
    }
  };

  /** Writes the valid rows of the checked file. */
  const confirm = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await entityApi.import(meta.def.name, file, { isDryRun: false });
      const written = res.content.created + res.content.updated;
      message.success(t('import.done', { count: written }));
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(meta.def.name) });
      close();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const pick = (chosen: File) => {
    setFile(chosen);
    void check(chosen);
  };

  const startAgain = () => {
    setReport(null);
    setFile(null);
  };

  return { file, report, isBusy, close, confirm, pick, startAgain };
}

type ImportState = ReturnType<typeof useImport>;

/** Before the check: cancel; after it: pick another file, or import the valid rows. */
function footerButtons(state: ImportState, t: EngineT) {
  const { report, isBusy } = state;
  if (!report) {
    return [
      <Button key="cancel" onClick={state.close}>
        {t('form.cancel')}
      </Button>,
    ];
  }
  return [
    <Button key="another" onClick={state.startAgain}>
      {t('import.another')}
    </Button>,
    <Button
      key="import"
      type="primary"
      loading={isBusy}
      disabled={report.valid === 0}
      onClick={() => void state.confirm()}
    >
      {t('import.confirm', { count: report.valid })}
    </Button>,
  ];
}

/** The first step: the template link and the drop zone, which takes one spreadsheet and checks it. */
function FileStep({ meta, state }: { meta: EntityMeta; state: ImportState }) {
  const t = useEngineText();
  const { message } = App.useApp();
  const { file, isBusy } = state;
  return (
    <>
      <p className="entity-import-hint">
        {t('import.hint')}{' '}
        <Button
          type="link"
          size="small"
          className="entity-import-template"
          onClick={() => void downloadExport(meta, { purpose: 'template', format: 'xlsx' })}
        >
          {t('import.template')}
        </Button>
      </p>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={isBusy}
        beforeUpload={(chosen) => {
          if (!isSheet(chosen)) {
            message.error(t('import.badType'));
            return Upload.LIST_IGNORE;
          }
          state.pick(chosen);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p>{isBusy ? t('import.checking') : t('import.pick')}</p>
        {file && <p>{file.name}</p>}
      </Upload.Dragger>
    </>
  );
}

/** How many rows can be written, how many have problems, and the columns the file had that were ignored. */
function ReportSummary({ report }: { report: ImportReport }) {
  const t = useEngineText();
  return (
    <Alert
      type={report.invalid > 0 ? 'warning' : 'success'}
      showIcon
      title={[
        t('import.summary', { count: report.valid }),
        t('import.summaryProblems', { count: report.invalid }),
      ].join(t('import.summaryJoin'))}
      description={
        [
          report.valid === 0 ? t('import.nothingValid') : null,
          report.ignoredColumns.length > 0
            ? t('import.ignored', { columns: report.ignoredColumns.join(', ') })
            : null,
        ]
          .filter(Boolean)
          .join(' ') || undefined
      }
    />
  );
}

/** One line per row of the file: its number, whether it will be created, updated or is invalid, its problems. */
function reportColumns(t: EngineT): TableColumnsType<ImportRowReport> {
  return [
    { title: t('import.row'), dataIndex: 'row', width: 70 },
    {
      title: t('import.status'),
      width: 110,
      render: (_, r) =>
        r.errors.length === 0 ? (
          <Tag color="success">{r.action === 'update' ? t('import.willUpdate') : t('import.willCreate')}</Tag>
        ) : (
          <Tag color="error">{t('import.invalid')}</Tag>
        ),
    },
    {
      title: t('import.problems'),
      render: (_, r) =>
        r.errors.length === 0 ? (
          t('import.ok')
        ) : (
          <ul className="entity-import-errors">
            {r.errors.map((e) => (
              <li key={`${e.path}:${e.message}`}>{e.message}</li>
            ))}
          </ul>
        ),
    },
  ];
}

/** The second step: the dry run's summary and its report row by row. */
function CheckStep({ report }: { report: ImportReport }) {
  const t = useEngineText();
  return (
    <>
      <ReportSummary report={report} />
      <Table<ImportRowReport>
        size="small"
        className="entity-import-report"
        rowKey="row"
        dataSource={report.rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        columns={reportColumns(t)}
      />
    </>
  );
}

/**
 * Import: the file is checked first (a dry run: one line per row with its problems, nothing written), then the
 * valid rows are written in one transaction when the user confirms.
 */
export function ImportDialog({
  meta,
  open,
  onClose,
}: {
  meta: EntityMeta;
  open: boolean;
  onClose: () => void;
}) {
  const t = useEngineText();
  const state = useImport(meta, onClose);
  const { report } = state;
  return (
    <Dialog
      open={open}
      title={t('import.title', { entity: meta.label({ plural: true }) })}
      onCancel={state.close}
      destroyOnHidden
      footer={footerButtons(state, t)}
    >
      <Steps
        size="small"
        current={report ? 1 : 0}
        className="entity-import-steps"
        items={[
          { title: t('import.step.file') },
          { title: t('import.step.check') },
          { title: t('import.step.done') },
        ]}
      />
      {!report && <FileStep meta={meta} state={state} />}
      {report && <CheckStep report={report} />}
    </Dialog>
  );
}
