import { type EntityRecord, PAGE_SIZES } from '@organiser/domain';
import { Button, Card, Space, Table, type TableProps, type TableRef } from 'antd';
import { useMemo, useRef } from 'react';
import { pick } from '../i18n/i18n';
import type { PageProps } from '../navigation/page-props';
import { ActionInputDialog } from './list/action-input-dialog';
import { BulkBar } from './list/bulk-bar';
import { ColumnSettingsButton } from './list/column-settings-button';
import { useDynamicFilters } from './list/dynamic-filters';
import { ExportButton } from './list/export-button';
import { ImportDialog } from './list/import-dialog';
import { type ListScreen, useListScreen } from './list/list-screen';
import { ListToolbar } from './list/list-toolbar';
import { SearchForm } from './list/search-form';
import { tableWidthStyle } from './list/sticky-columns';
import { tableColumns } from './list/table-columns';
import { RecordDrawer } from './record-drawer';
import type { ListSlots } from './slots';
import '../components/entity-screens.css';
import { ScrollHint } from './list/scroll-hint';

/** The list page of every entity (`banner_list`…), from its definition; a domain adds toolbar items, row
 * and bulk actions and drawer panels through `slots`. */
export function EntityListPage({ route, slots }: PageProps & { slots?: ListSlots }) {
  const view = route.view;
  if (view?.kind !== 'entity-list') throw new Error(`${route.name} is not an entity list route`);
  return <EntityList entity={view.entity} title={route.title} slots={slots} />;
}

export function EntityList(props: { entity: string; title: { en: string; zh: string }; slots?: ListSlots }) {
  const screen = useListScreen(props.entity, props.slots);
  const { meta, access, list, commands } = screen;
  const dynamicFilters = useDynamicFilters(meta);
  const filters = useMemo(() => [...screen.filters, ...dynamicFilters], [screen.filters, dynamicFilters]);
  return (
    <div className="entity-list-page">
      <Card variant="borderless" className="entity-list-card">
        <ListHeader screen={screen} title={props.title} slots={props.slots} />
        <SearchForm
          meta={meta}
          filters={filters}
          state={screen.state}
          onSearch={list.search}
          onReset={list.reset}
        />
        <ListBulkBar screen={screen} slots={props.slots} />
        <TreeTools screen={screen} />
        <ListTable screen={screen} />
      </Card>
      <RecordDrawer
        meta={meta}
        access={access}
        recordId={screen.drawerId}
        onClose={() => screen.setDrawerId(null)}
        onEdit={access.editPath ? (record) => screen.navigate(screen.editPathOf(record.id)!) : undefined}
        panels={(record) => props.slots?.detailPanels?.(record, screen.slotContext)}
      />
      <ActionInputDialog
        meta={meta}
        pending={screen.actions.pendingInput}
        onClose={screen.actions.closeInput}
      />
      <ActionInputDialog meta={meta} pending={commands.pendingInput} onClose={commands.closeInput} />
      {access.canImport && (
        <ImportDialog meta={meta} open={screen.isImportOpen} onClose={() => screen.setImportOpen(false)} />
      )}
    </div>
  );
}

/** The heading and the page-level buttons: add, import, export, trash, reload, columns, then contributions. */
function ListHeader({
  screen,
  title,
  slots,
}: {
  screen: ListScreen;
  title: PageProps['route']['title'];
  slots?: ListSlots;
}) {
  const { t, meta, access, list, state } = screen;
  return (
    <ListToolbar
      title={
        state.isTrash ? t('list.trashTitle', { entity: pick(title, meta.lang) }) : pick(title, meta.lang)
      }
      access={access}
      isTrash={state.isTrash}
      hasTrash={access.hasTrash}
      isRefreshing={list.isFetching && !list.isLoading}
      onAdd={() => access.addPath && screen.navigate(access.addPath)}
      onImport={() => screen.setImportOpen(true)}
      onToggleTrash={() => list.setTrash(!state.isTrash)}
      onReload={list.reload}
      exportButton={
        access.canExport ? (
          <ExportButton
            meta={meta}
            path={slots?.exportPath}
            columns={screen.columnSettings.shown.map((c) => c.name)}
            matchQuery={list.matchQuery}
            sort={{ sort: state.sort, order: state.order }}
          />
        ) : null
      }
      columnSettings={
        <ColumnSettingsButton
          arranged={screen.columnSettings.arranged}
          labelOf={screen.labelOf}
          onChange={screen.columnSettings.save}
          onReset={screen.columnSettings.reset}
        />
      }
      extra={
        state.isTrash ? null : (
          <>
            {screen.commands.toolbar()}
            {slots?.toolbar?.(screen.slotContext)}
          </>
        )
      }
    />
  );
}

/** The selection bar: status actions, delete, declared bulk commands and contributions. */
function ListBulkBar({ screen, slots }: { screen: ListScreen; slots?: ListSlots }) {
  const { t, meta, list, total } = screen;
  if (!screen.hasSelection) return null;
  const batch = (input: Parameters<ListScreen['batch']>[0]) => screen.batch(input);
  const target = list.selection.isAllMatching
    ? { filter: list.matchQuery, expectedCount: total }
    : { ids: list.selection.ids };
  return (
    <BulkBar
      selection={list.selection}
      pageCount={screen.data?.list.length ?? 0}
      total={total}
      onSelectAllMatching={list.selectAllMatching}
      onClear={list.clearSelection}
    >
      {screen.batchActions.map((a) => (
        <Button
          key={a.name}
          size="small"
          onClick={() => batch({ name: a.name, label: a.label[meta.lang], action: a })}
        >
          {a.label[meta.lang]}
        </Button>
      ))}
      {screen.commands.bulk(target, list.clearSelection)}
      {slots?.bulkActions?.({
        ...screen.slotContext,
        selection: list.selection,
        total,
        clear: list.clearSelection,
      })}
      {screen.canBatchDelete && (
        <Button
          size="small"
          danger
          onClick={() => batch({ name: 'delete', label: t('bulk.delete'), isDanger: true })}
        >
          {t('bulk.delete')}
        </Button>
      )}
    </BulkBar>
  );
}

/** A tree's expand / collapse buttons, and a note that a search shows matches with their ancestors. */
function TreeTools({ screen }: { screen: ListScreen }) {
  const { t, list, tree } = screen;
  if (!list.isTree) return null;
  return (
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
  );
}

/** The records: columns by widget, row actions, selection, server-side sort and paging. */
function ListTable({ screen }: { screen: ListScreen }) {
  const { t, frameT, meta, list, state, data } = screen;
  const tableRef = useRef<TableRef>(null);
  const table = tableColumns({
    shown: screen.columnSettings.shown,
    labelOf: screen.labelOf,
    // the trash's own default order is "most recently deleted first": no column shows it
    sorted: state.isTrash && screen.sort.isDefault ? null : screen.sort,
    isTrash: state.isTrash,
    hasSelection: screen.hasSelection,
    cellContext: screen.cellContext,
    cellOverride: screen.cellOverride,
    extraColumns: screen.extraColumns,
    rowActions: screen.rowActions,
    rowLabel: screen.rowLabel,
    t,
    frameT,
    isCompact: screen.isCompact,
    summaryTitle: meta.label(),
    labelColumns: screen.labelColumns,
  });
  const onTableChange: TableProps<EntityRecord>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? one.field) : undefined;
    list.setSort(field, one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : undefined);
  };
  return (
    <>
      <ScrollHint tableRef={tableRef} />
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
        style={tableWidthStyle(table.width)}
        rowSelection={rowSelectionOf(screen)}
        locale={{ emptyText: state.isTrash ? t('list.emptyTrash') : t('list.empty') }}
        expandable={
          list.isTree
            ? {
                expandedRowKeys: screen.tree.expanded,
                onExpandedRowsChange: (keys) => screen.tree.set(keys.map(Number)),
              }
            : undefined
        }
        footer={list.isTree ? () => t('list.total', { count: screen.total }) : undefined}
        pagination={paginationOf(screen)}
      />
    </>
  );
}

function rowSelectionOf(screen: ListScreen): TableProps<EntityRecord>['rowSelection'] {
  const { list, data, frameT } = screen;
  if (!screen.hasSelection) return undefined;
  return {
    selectedRowKeys: list.selection.isAllMatching ? (data?.list ?? []).map((r) => r.id) : list.selection.ids,
    preserveSelectedRowKeys: true,
    onChange: (keys) => list.select(keys.map(Number)),
    // antd names these checkboxes in English only ("Select all", "Select row 3")
    getTitleCheckboxProps: () => ({ 'aria-label': frameT('a11y.selectAll') }),
    getCheckboxProps: (record) => ({
      'aria-label': frameT('a11y.selectRow', { label: screen.rowLabel(record) }),
    }),
  };
}

function paginationOf(screen: ListScreen): TableProps<EntityRecord>['pagination'] {
  const { t, list, state, data, total, isCompact } = screen;
  if (list.isTree) return false;
  return {
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
      // a page change scrolls back to the top
      window.scrollTo?.({ top: 0, behavior: 'smooth' });
    },
  };
}
