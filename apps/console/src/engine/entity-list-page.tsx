import {
  actionList,
  availableActions,
  type EntityRecord,
  listColumns,
  listFilters,
  PAGE_SIZES,
  recordLabel,
} from '@organiser/domain';
import { Button, Card, Space, Table, type TableProps, type TableRef } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TreeRecord } from '../api/entity-api';
import { useInertMeasureRow } from '../components/use-inert-measure-row';
import { pick } from '../i18n/i18n';
import { useEngineText } from '../messages';
import type { PageProps } from '../navigation/page-props';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { recordPages } from '../pages/record-pages';
import { useApp } from '../state/app-settings';
import { useEntityAccess } from './access';
import { ActionInputDialog } from './list/action-input-dialog';
import { BulkBar } from './list/bulk-bar';
import { ColumnSettingsButton } from './list/column-settings-button';
import { ExportButton } from './list/export-button';
import { ImportDialog } from './list/import-dialog';
import { ListToolbar } from './list/list-toolbar';
import { effectiveSort } from './list/list-url';
import { RecordDrawer } from './list/record-drawer';
import type { RowAction } from './list/row-actions';
import { SearchForm } from './list/search-form';
import { tableColumns } from './list/table-columns';
import { useColumnSettings } from './list/use-column-settings';
import { useEntityList } from './list/use-entity-list';
import { useRecordActions } from './list/use-record-actions';
import { useTreeExpansion } from './list/use-tree-expansion';
import './entity-screens.css';

/** The list page of every entity (spec §2 `banner_list`…), from its definition: issue 4 "List page". */
export function EntityListPage({ route }: PageProps) {
  const view = route.view;
  if (view?.kind !== 'entity-list') throw new Error(`${route.name} is not an entity list route`);
  return <EntityList entity={view.entity} title={route.title} />;
}

function EntityList({ entity, title }: { entity: string; title: { en: string; zh: string } }) {
  const t = useEngineText();
  const { t: frameT } = useTranslation();
  const navigate = useNavigate();
  const list = useEntityList(entity);
  const { meta, state, data } = list;
  const { def, policy, lang } = meta;
  const access = useEntityAccess(def);
  const actions = useRecordActions(meta, list.matchQuery);
  const tableRef = useRef<TableRef>(null);
  useInertMeasureRow(tableRef);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const [isImportOpen, setImportOpen] = useState(false);
  const { flat } = useVisibleRoutes();
  // a phone-width screen shows each record as a card (name, statuses) beside its actions
  const isCompact = useApp((s) => s.device === 'mobile');
  // named pages about one record of this entity (audit, customer-service contacts), as row actions
  const recordLinks = useMemo(
    () =>
      recordPages
        .filter((p) => p.entity === def.name)
        .flatMap((p) => {
          const route = flat.find((r) => r.view?.kind === 'page' && r.view.page === p.page);
          return route ? [{ ...p, path: route.fullPath }] : [];
        }),
    [def.name, flat],
  );
  const tree = useTreeExpansion(list.isTree ? (data?.list as TreeRecord[] | undefined) : undefined, {
    isSearching: Object.keys(list.matchQuery).length > 0,
  });

  const filters = useMemo(() => listFilters(def, policy), [def, policy]);
  // a column shows its field's named widget's cell (region codes by name)
  const columns = useMemo(
    () => listColumns(def, policy).map((c) => ({ ...c, widget: def.fields[c.name]?.form?.widget })),
    [def, policy],
  );
  const columnSettings = useColumnSettings(def.name, columns);
  const machineActions = useMemo(() => actionList(def, policy), [def, policy]);
  const batchActions = machineActions.filter((a) => access.canBatch(a.name));
  const canBatchDelete = access.canBatch('delete');
  const hasSelection = !state.isTrash && (batchActions.length > 0 || canBatchDelete);
  const labelOf = (name: string) => meta.fieldLabel(name, columns.find((c) => c.name === name)?.label);
  const rowLabel = (record: EntityRecord) => recordLabel(def, record, lang) || `#${record.id}`;
  const editPathOf = (id: number) => access.editPath?.replace(':id', String(id));
  const sort = effectiveSort(def, state);
  const total = data?.total ?? 0;

  const rowActions = (record: EntityRecord): RowAction[] => {
    const view: RowAction = { key: 'view', label: t('list.view'), onClick: () => setDrawerId(record.id) };
    if (state.isTrash) {
      const out = [view];
      if (access.canRestore)
        out.push({ key: 'restore', label: t('list.restore'), onClick: () => void actions.restore(record) });
      if (access.canPurge)
        out.push({
          key: 'purge',
          label: t('list.purge'),
          isDanger: true,
          onClick: () => actions.purge(record),
        });
      return out;
    }
    const out: RowAction[] = [];
    const edit = editPathOf(record.id);
    if (edit) out.push({ key: 'edit', label: t('list.edit'), onClick: () => navigate(edit) });
    for (const link of recordLinks)
      out.push({
        key: link.page,
        label: t(link.label),
        onClick: () => navigate(link.path.replace(':id', String(record.id))),
      });
    for (const name of availableActions(def, record, policy)) {
      const action = machineActions.find((a) => a.name === name);
      if (action && access.canAction(name)) {
        out.push({ key: name, label: action.label[lang], onClick: () => actions.runOne(record, action) });
      }
    }
    out.push(view);
    if (access.canDelete)
      out.push({
        key: 'delete',
        label: t('list.delete'),
        isDanger: true,
        onClick: () => actions.remove(record),
      });
    return out;
  };

  const table = tableColumns({
    shown: columnSettings.shown,
    labelOf,
    // the trash's own default order is "most recently deleted first": no column shows it
    sorted: state.isTrash && sort.isDefault ? null : sort,
    isTrash: state.isTrash,
    hasSelection,
    cellContext: (record) => ({
      lang,
      t,
      frameT,
      record,
      mode: 'cell',
      ownerLabel: recordLabel(def, record, lang),
    }),
    rowActions,
    rowLabel,
    t,
    frameT,
    isCompact,
    summaryTitle: meta.label(),
    labelColumns: def.pairs[def.labelField]
      ? [def.pairs[def.labelField]!.en, def.pairs[def.labelField]!.zh]
      : [def.labelField],
  });

  const onTableChange: TableProps<EntityRecord>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? one.field) : undefined;
    list.setSort(field, one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : undefined);
  };

  const batch = (input: {
    name: string;
    label: string;
    action?: (typeof machineActions)[number];
    isDanger?: boolean;
  }) => actions.runBatch({ ...input, selection: list.selection, total, onDone: list.clearSelection });

  return (
    <div className="entity-list-page">
      <Card variant="borderless" className="entity-list-card">
        <ListToolbar
          title={state.isTrash ? t('list.trashTitle', { entity: pick(title, lang) }) : pick(title, lang)}
          access={access}
          isTrash={state.isTrash}
          hasTrash={def.softDelete}
          isRefreshing={list.isFetching && !list.isLoading}
          onAdd={() => access.addPath && navigate(access.addPath)}
          onImport={() => setImportOpen(true)}
          onToggleTrash={() => list.setTrash(!state.isTrash)}
          onReload={list.reload}
          exportButton={
            <ExportButton
              meta={meta}
              columns={columnSettings.shown.map((c) => c.name)}
              matchQuery={list.matchQuery}
              sort={{ sort: state.sort, order: state.order }}
            />
          }
          columnSettings={
            <ColumnSettingsButton
              arranged={columnSettings.arranged}
              labelOf={labelOf}
              onChange={columnSettings.save}
              onReset={columnSettings.reset}
            />
          }
        />
        <SearchForm meta={meta} filters={filters} state={state} onSearch={list.search} onReset={list.reset} />
        {hasSelection && (
          <BulkBar
            selection={list.selection}
            pageCount={data?.list.length ?? 0}
            total={total}
            onSelectAllMatching={list.selectAllMatching}
            onClear={list.clearSelection}
          >
            {batchActions.map((a) => (
              <Button
                key={a.name}
                size="small"
                onClick={() => batch({ name: a.name, label: a.label[lang], action: a })}
              >
                {a.label[lang]}
              </Button>
            ))}
            {canBatchDelete && (
              <Button
                size="small"
                danger
                onClick={() => batch({ name: 'delete', label: t('bulk.delete'), isDanger: true })}
              >
                {t('bulk.delete')}
              </Button>
            )}
          </BulkBar>
        )}
        {list.isTree && (
          <Space size={8} className="entity-tree-tools">
            <Button size="small" onClick={tree.expandAll} disabled={tree.parentKeys.length === 0}>
              {t('tree.expandAll')}
            </Button>
            <Button size="small" onClick={tree.collapseAll} disabled={tree.expanded.length === 0}>
              {t('tree.collapseAll')}
            </Button>
            {Object.keys(list.matchQuery).length > 0 && (
              <span className="entity-tree-note">{t('tree.matches')}</span>
            )}
          </Space>
        )}
        <Table<EntityRecord>
          ref={tableRef}
          rowKey="id"
          className="entity-table"
          aria-label={t('list.table', { entity: meta.label({ plural: true }) })}
          columns={table.columns}
          dataSource={data?.list ?? []}
          loading={list.isLoading || (list.isFetching && Boolean(data))}
          onChange={onTableChange}
          tableLayout="fixed"
          scroll={table.width ? { x: table.width } : undefined}
          rowSelection={
            hasSelection
              ? {
                  selectedRowKeys: list.selection.isAllMatching
                    ? (data?.list ?? []).map((r) => r.id)
                    : list.selection.ids,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => list.select(keys.map(Number)),
                  // antd names these checkboxes in English only ("Select all", "Select row 3")
                  getTitleCheckboxProps: () => ({ 'aria-label': frameT('a11y.selectAll') }),
                  getCheckboxProps: (record) => ({
                    'aria-label': frameT('a11y.selectRow', { label: rowLabel(record) }),
                  }),
                }
              : undefined
          }
          locale={{ emptyText: state.isTrash ? t('list.emptyTrash') : t('list.empty') }}
          expandable={
            list.isTree
              ? { expandedRowKeys: tree.expanded, onExpandedRowsChange: (keys) => tree.set(keys.map(Number)) }
              : undefined
          }
          footer={list.isTree ? () => t('list.total', { count: total }) : undefined}
          pagination={
            list.isTree
              ? false
              : {
                  current: state.page,
                  pageSize: state.size,
                  total,
                  pageSizeOptions: PAGE_SIZES.map(String),
                  showSizeChanger: !isCompact,
                  showQuickJumper: !isCompact,
                  size: isCompact ? 'small' : undefined,
                  showTotal: () =>
                    data?.totalIsEstimate
                      ? t('list.totalEstimate', { count: total.toLocaleString() })
                      : t('list.total', { count: total }),
                  onChange: (page, size) => {
                    list.setPage(page, size);
                    // behaviour-reference §2.18: a page change scrolls back to the top
                    window.scrollTo?.({ top: 0, behavior: 'smooth' });
                  },
                }
          }
        />
      </Card>
      <RecordDrawer
        meta={meta}
        access={access}
        recordId={drawerId}
        onClose={() => setDrawerId(null)}
        onEdit={access.editPath ? (record) => navigate(editPathOf(record.id)!) : undefined}
      />
      <ActionInputDialog meta={meta} pending={actions.pendingInput} onClose={actions.closeInput} />
      {access.canImport && (
        <ImportDialog meta={meta} open={isImportOpen} onClose={() => setImportOpen(false)} />
      )}
    </div>
  );
}
