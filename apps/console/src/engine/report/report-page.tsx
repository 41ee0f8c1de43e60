import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  API_PREFIX,
  type EntityDef,
  type EntityRecord,
  entityUrl,
  fillPattern,
  getReport,
  listColumns,
  PAGE_SIZES,
  policyFor,
} from '@organiser/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Dropdown,
  Form,
  Select,
  Space,
  Table,
  type TableProps,
  type TableRef,
  Tooltip,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { entityApi } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { useEngineText } from '../../messages';
import { useReportText } from '../../messages/report';
import type { PageProps } from '../../navigation/page-props';
import { useVisibleRoutes } from '../../navigation/visible-routes-context';
import { usePublicConfig } from '../../state/config-context';
import { downloadFile } from '../download';
import { type EntityMeta, entityMeta } from '../entity-meta';
import { useDownloadRun } from '../list/export-button';
import { EMPTY_LIST_STATE, effectiveSort } from '../list/list-url';
import { ScrollHint } from '../list/scroll-hint';
import { SearchForm } from '../list/search-form';
import { stickToEnd, tableWidthStyle } from '../list/sticky-columns';
import { tableColumns } from '../list/table-columns';
import { renderValue } from '../widget-registry';
import { ReportRowDrawer } from './report-row-drawer';
import {
  effectiveGroupBy,
  type ReportUrlState,
  readReportUrl,
  reportExportQueryOf,
  reportFilters,
  reportQueryOf,
  writeReportUrl,
} from './report-url';
import '../../components/entity-screens.css';

// The screen of every report definition (`defineReport`): the search form of its declared filters, its
// group-by and period, a table sorted and paged by the server, an export of the rows, and each drill-down
// value as a link to the target list filtered to the records behind the row. Its state is the URL's; a report
// read for a record (`params.path`, a user's drill-down) takes it from the route's path.

/** A link from a report value to the records behind it (`params` fill the menu's `:name` parts). */
type DrillLink = { menu: string; filters: Record<string, string>; params?: Record<string, string> };
type ReportRow = Record<string, unknown> & { drill?: Record<string, DrillLink> };
type ReportList = { list: ReportRow[]; total: number; page: number; size: number };

/** The report route: `view.entity` names a registered report. */
export function ReportPage({ route }: PageProps) {
  const lang = useLang();
  const view = route.view;
  const def = view?.kind === 'entity-list' ? getReport(view.entity) : undefined;
  if (!def) throw new Error(`${route.name} is not a report route`);
  return <Report def={def} title={pick(route.title, lang)} />;
}

/** A column a page adds to a report's rows (a button opening a panel of its own, say). */
export type ReportRowExtra = {
  key: string;
  title: string;
  width: number;
  render: (row: ReportRow) => ReactNode;
};

/** A report's screen for a named page that adds to it: the same screen, with `rowExtra` columns. */
export function ReportScreen(props: { def: EntityDef; title: string; rowExtra?: ReportRowExtra[] }) {
  return <Report {...props} />;
}

export type { ReportRow, ReportUrlState };

function useReportMeta(def: EntityDef): EntityMeta {
  const config = usePublicConfig();
  const lang = useLang();
  return useMemo(
    () =>
      entityMeta(def, {
        policy: policyFor(def, config.fieldPolicy),
        texts: config.site.texts[lang] ?? {},
        lang,
      }),
    [def, config, lang],
  );
}

/** The report's state from the URL, its page of rows from the API, and the changes that write the URL. */
/** The report's path parameters from the route (`collect_company_list/:userId`), or undefined. */
function useReportPath(def: EntityDef): Record<string, string> | undefined {
  const routeParams = useParams();
  const names = def.report?.params.path ?? [];
  if (names.length === 0) return undefined;
  return Object.fromEntries(names.map((n) => [n, routeParams[n] ?? '']));
}

function useReport(def: EntityDef) {
  const lang = useLang();
  const [searchParams, setSearchParams] = useSearchParams();
  const path = useReportPath(def);
  const state = useMemo(() => readReportUrl(def, searchParams), [def, searchParams]);
  const query = useMemo(() => reportQueryOf(def, state), [def, state]);
  const result = useQuery({
    queryKey: entityKeys.report(def.name, lang, { ...query, ...path }),
    queryFn: async ({ signal }) => entityApi.report<ReportList>(def, query, signal, path),
    placeholderData: keepPreviousData,
  });
  // antd may call a handler built from an earlier render: every change starts from the URL's state now
  const latest = useRef(state);
  latest.current = state;
  const write = useCallback(
    (patch: Partial<ReportUrlState>) =>
      setSearchParams(writeReportUrl(def, { ...latest.current, page: 1, ...patch })),
    [def, setSearchParams],
  );
  return { state, result, write, path };
}

function Report({ def, title, rowExtra }: { def: EntityDef; title: string; rowExtra?: ReportRowExtra[] }) {
  const meta = useReportMeta(def);
  const { state, result, write, path } = useReport(def);
  const filters = useMemo(() => reportFilters(def), [def]);
  const data = result.data;
  return (
    <div className="entity-list-page">
      <Card variant="borderless" className="entity-list-card">
        <header className="entity-page-header">
          <h1 className="app-page-title">{title}</h1>
          <Space size={8} wrap className="entity-toolbar">
            {def.capabilities.export && <ReportExportButton meta={meta} state={state} path={path} />}
            <ReloadButton
              isBusy={result.isFetching && !result.isLoading}
              onReload={() => void result.refetch()}
            />
          </Space>
        </header>
        <SearchForm
          meta={meta}
          filters={filters}
          state={state}
          onSearch={({ keyword, filters: values }) => {
            const clean: Record<string, string> = {};
            for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') clean[k] = v;
            write({ filters: clean, keyword: def.search.length ? keyword : '' });
          }}
          // the group-by and the period have controls of their own and stay
          onReset={() =>
            write({
              filters: {},
              keyword: '',
              sort: undefined,
              order: undefined,
              size: EMPTY_LIST_STATE.size,
            })
          }
        />
        <ReportParams def={def} state={state} write={write} />
        <ReportTable
          meta={meta}
          state={state}
          data={data}
          isLoading={result.isLoading || (result.isFetching && Boolean(data))}
          write={write}
          rowExtra={rowExtra}
        />
      </Card>
    </div>
  );
}

function ReloadButton({ isBusy, onReload }: { isBusy: boolean; onReload: () => void }) {
  const t = useEngineText();
  return (
    <Tooltip title={t('list.reload')}>
      <Button
        icon={<ReloadOutlined aria-hidden />}
        aria-label={t('list.reload')}
        onClick={onReload}
        loading={isBusy}
      />
    </Tooltip>
  );
}

/** The group-by choice, the period and its granularity: each change reads the report again from page 1. */
function ReportParams({
  def,
  state,
  write,
}: {
  def: EntityDef;
  state: ReportUrlState;
  write: (patch: Partial<ReportUrlState>) => void;
}) {
  const t = useReportText();
  const lang = useLang();
  const params = def.report?.params ?? {};
  if (!params.groupBy && !params.period) return null;
  const first = params.groupBy?.[0]?.value;
  const id = (name: string) => `${def.name}-report-${name}`;
  const period: [Dayjs | null, Dayjs | null] | null =
    state.periodFrom || state.periodTo
      ? [state.periodFrom ? dayjs(state.periodFrom) : null, state.periodTo ? dayjs(state.periodTo) : null]
      : null;
  return (
    <Form
      layout="inline"
      colon={false}
      className="entity-search"
      aria-label={t('params')}
      component="section"
    >
      {params.groupBy && (
        <Form.Item label={t('groupBy')} htmlFor={id('groupBy')}>
          <Select
            id={id('groupBy')}
            className="report-select"
            style={{ minWidth: 160 }}
            value={effectiveGroupBy(def, state)}
            options={params.groupBy.map((g) => ({ value: g.value, label: g.label[lang] }))}
            onChange={(value: string) => write({ groupBy: value === first ? undefined : value })}
          />
        </Form.Item>
      )}
      {params.period && (
        <>
          <Form.Item label={t('period')} htmlFor={id('period')}>
            <DatePicker.RangePicker
              id={{ start: id('period') }}
              allowEmpty={[true, true]}
              value={period}
              onChange={(range) =>
                write({
                  periodFrom: range?.[0] ? range[0].format('YYYY-MM-DD') : undefined,
                  periodTo: range?.[1] ? range[1].format('YYYY-MM-DD') : undefined,
                })
              }
            />
          </Form.Item>
          {params.period.granularity.length > 0 && (
            <Form.Item label={t('granularity')} htmlFor={id('granularity')}>
              <Select
                id={id('granularity')}
                style={{ minWidth: 140 }}
                value={state.granularity ?? ''}
                options={[
                  { value: '', label: t('granularity.all') },
                  ...params.period.granularity.map((g) => ({ value: g, label: t(`granularity.${g}`) })),
                ]}
                onChange={(value: string) => write({ granularity: value || undefined })}
              />
            </Form.Item>
          )}
        </>
      )}
    </Form>
  );
}

/** Downloads the rows the report shows (every page), as xlsx or CSV, headers in the user's language. */
function ReportExportButton({
  meta,
  state,
  path,
}: {
  meta: EntityMeta;
  state: ReportUrlState;
  path?: Record<string, string>;
}) {
  const t = useEngineText();
  const { isBusy, run: runDownload } = useDownloadRun();
  const run = (format: 'xlsx' | 'csv') =>
    runDownload(() =>
      downloadFile(
        entityUrl(meta.def, 'export', path).slice(API_PREFIX.length),
        { ...reportExportQueryOf(meta.def, state), format, lang: meta.lang },
        `${meta.label({ plural: true })}-${new Date().toISOString().slice(0, 10)}.${format}`,
      ),
    );
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

/** The period a report's URL names (empty when it shows the default period). */
function periodOf(state: ReportUrlState): Record<string, string> {
  const out: Record<string, string> = {};
  if (state.periodFrom) out.periodFrom = state.periodFrom;
  if (state.periodTo) out.periodTo = state.periodTo;
  return out;
}

/** The rows: the definition's shown columns with the engine's cells, server-side sort and pages, and a drill-down
 * value as a link to the target list when the user may open it. */
function ReportTable({
  meta,
  state,
  data,
  isLoading,
  write,
  rowExtra = [],
}: {
  meta: EntityMeta;
  state: ReportUrlState;
  data: ReportList | undefined;
  isLoading: boolean;
  write: (patch: Partial<ReportUrlState>) => void;
  rowExtra?: ReportRowExtra[];
}) {
  const { def, lang } = meta;
  const t = useEngineText();
  const rt = useReportText();
  const { t: frameT } = useTranslation();
  const { flat } = useVisibleRoutes();
  const shown = useMemo(
    () => listColumns(def, meta.policy).filter((c) => c.name in def.fields && c.isShownByDefault),
    [def, meta.policy],
  );
  const rowLabel = (record: EntityRecord) => String(record[def.labelField] ?? '');
  const cellContext = (record: EntityRecord) => ({ lang, t, frameT, record, mode: 'cell' as const });
  const drillCell = (name: string, record: EntityRecord): ReactNode | undefined => {
    const link = (record.drill as ReportRow['drill'])?.[name];
    const target = link && flat.find((r) => r.fullPath === link.menu && !r.isGroup);
    if (!link || !target) return undefined;
    const column = shown.find((c) => c.name === name);
    if (!column) return undefined;
    const value = record[name];
    // a report read for the same period (a user's visits) opens on the period this one shows
    const targetView = target.view;
    const samePeriod =
      targetView?.kind === 'entity-list' && getReport(targetView.entity)?.report?.params.period
        ? periodOf(state)
        : {};
    const search = new URLSearchParams({ ...samePeriod, ...link.filters });
    return (
      <Link
        to={`${link.params ? fillPattern(link.menu, link.params) : link.menu}?${search}`}
        aria-label={rt('drill', {
          value: String(value ?? ''),
          target: pick(target.title, lang),
          label: rowLabel(record),
        })}
      >
        {renderValue(column, value, cellContext(record))}
      </Link>
    );
  };
  const table = tableColumns({
    shown,
    labelOf: (name) => meta.fieldLabel(name),
    sorted: effectiveSort(def, state),
    isTrash: false,
    hasSelection: false,
    cellContext,
    cellOverride: (name, record) => (def.report?.drill[name] ? drillCell(name, record) : undefined),
    rowActions: () => [],
    rowLabel,
    t,
    frameT,
  });
  // a report row has no actions; a report declared with `detail` opens each row in a drawer
  const [opened, setOpened] = useState<EntityRecord | null>(null);
  const tableRef = useRef<TableRef>(null);
  const hasDetail = Boolean(def.report?.detail);
  const columns: ColumnsType<EntityRecord> = table.columns.filter((c) => c.key !== 'actions');
  const actionsColumn = table.columns.find((c) => c.key === 'actions');
  const DETAIL_WIDTH = 90;
  if (hasDetail)
    columns.push({
      key: 'detail',
      title: rt('details'),
      width: DETAIL_WIDTH,
      render: (_: unknown, record: EntityRecord) => (
        <Button
          type="link"
          size="small"
          onClick={() => setOpened(record)}
          aria-label={rt('details.of', { label: rowLabel(record) })}
        >
          {rt('details')}
        </Button>
      ),
    });
  for (const extra of rowExtra)
    columns.push({
      key: extra.key,
      title: extra.title,
      width: extra.width,
      render: (_: unknown, record: EntityRecord) => extra.render(record as unknown as ReportRow),
    });
  const extraWidth = rowExtra.reduce((sum, extra) => sum + extra.width, 0);
  const width =
    table.width &&
    table.width - Number(actionsColumn?.width ?? 0) + (hasDetail ? DETAIL_WIDTH : 0) + extraWidth;
  const rows = (data?.list ?? []).map(
    (row, i) => ({ ...row, id: (state.page - 1) * state.size + i + 1 }) as unknown as EntityRecord,
  );
  const onChange: TableProps<EntityRecord>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? one.field) : undefined;
    const order = one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : undefined;
    write({ sort: field === def.defaultSort.field && !order ? undefined : field, order });
  };
  const total = data?.total ?? 0;
  return (
    <>
      <ScrollHint tableRef={tableRef} />
      <Table<EntityRecord>
        ref={tableRef}
        rowKey="id"
        className="entity-table"
        aria-label={rt('table', { report: meta.label({ plural: true }) })}
        columns={stickToEnd(columns, (hasDetail ? 1 : 0) + rowExtra.length)}
        dataSource={rows}
        loading={isLoading}
        onChange={onChange}
        tableLayout="fixed"
        style={tableWidthStyle(width || undefined)}
        locale={{ emptyText: t('list.empty') }}
        pagination={{
          current: state.page,
          pageSize: state.size,
          total,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: () => t('list.total', { count: total }),
          onChange: (page, size) => write({ page: size !== state.size ? 1 : page, size }),
        }}
      />
      {hasDetail && <ReportRowDrawer meta={meta} row={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
