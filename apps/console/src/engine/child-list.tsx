import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { type EntityDef, type EntityRecord, entities, listColumns, recordLabel } from '@organiser/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Table, type TableColumnsType } from 'antd';
import { type HTMLAttributes, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityApi } from '../api/entity-api';
import { entityKeys } from '../api/query-keys';
import { useEngineText } from '../messages';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { useEntityAccess } from './access';
import { useCommands } from './commands/use-commands';
import { type EntityMeta, useEntityMeta } from './entity-meta';
import { RecordFormDrawer } from './form/record-form-drawer';
import { ActionInputDialog } from './list/action-input-dialog';
import { RowActions } from './list/row-actions';
import { tableWidthStyle } from './list/sticky-columns';
import { deleteRowAction, statusRowActions, useRecordActions } from './list/use-record-actions';
import type { ListSlots, RowAction, SlotContext } from './slots';
import { renderValue } from './widget-registry';

/** A parent's children fit on one page at most this long; more are paged. */
const PAGE_SIZE = 50;

/** The entities declaring `parent: { entity }`: the children a record of that entity shows. */
export const childEntitiesOf = (parent: string): EntityDef[] =>
  Object.values(entities).filter((d) => d.parent?.entity === parent);

type Props = {
  /** The child entity (its definition's `parent` names the parent entity and the field pointing at it). */
  entity: string;
  parentId: number;
  /** Field names of the columns, in order (default: the list's default columns without the parent field). */
  columns?: readonly string[];
  /** The heading row: a title, a subtitle, buttons after "Add". */
  header?: { title?: ReactNode; subtitle?: ReactNode; extra?: ReactNode; className?: string };
  emptyText?: ReactNode;
  slots?: Pick<ListSlots, 'rowActions' | 'cells'>;
};

/**
 * The children of one parent record (a company's customer-service contacts): the list filtered on the parent
 * field by the server, paged; add and edit in a drawer with the parent fixed; status actions, declared commands
 * and delete; when the child declares an order (`parent.order`), rows are dragged into place or moved up / down
 * (the keyboard's way).
 */
export function ChildList({ entity, parentId, columns, header, emptyText, slots }: Props) {
  const t = useEngineText();
  const meta = useEntityMeta(entity);
  const access = useEntityAccess(meta.def);
  const parent = meta.def.parent!;
  // undefined: closed; null: a new child; a number: that child
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [page, setPage] = useState(1);
  const children = useChildren(meta, parentId, page);
  const rows = children.data?.list ?? [];
  const reorder = useReorder(meta, rows, parentId);
  const drag = useRowDrag(reorder);
  const rowActions = useChildRowActions(meta, reorder, { setEditing, slots });
  const dataColumns = useChildColumns(
    meta,
    columns,
    (record) => (
      <RowActions
        actions={rowActions.of(record)}
        label={recordLabel(meta.def, record, meta.lang) || `#${record.id}`}
      />
    ),
    slots?.cells,
  );
  const tableColumns = reorder
    ? [
        {
          key: 'drag',
          width: 44,
          render: () => <HolderOutlined className="entity-drag-handle" title={t('child.drag')} />,
        },
        ...dataColumns,
      ]
    : dataColumns;
  const total = children.data?.total ?? 0;
  return (
    <>
      <div className={header?.className ?? 'entity-child-header'}>
        {header?.title}
        {header?.subtitle}
        {access.canCreate && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
            {t('list.add')}
          </Button>
        )}
        {header?.extra}
      </div>
      <Table<EntityRecord>
        rowKey="id"
        className="entity-table"
        aria-label={t('list.table', { entity: meta.label({ plural: true }) })}
        columns={tableColumns}
        dataSource={rows}
        onRow={drag ?? undefined}
        loading={children.isLoading}
        pagination={
          total > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false }
            : false
        }
        style={tableWidthStyle(960)}
        locale={{ emptyText: emptyText ?? <p className="entity-child-empty">{t('list.empty')}</p> }}
      />
      <RecordFormDrawer
        meta={meta}
        editing={editing}
        fixed={{ [parent.field]: parentId }}
        onClose={() => setEditing(undefined)}
      />
      <ActionInputDialog meta={meta} pending={rowActions.pendingInput} onClose={rowActions.closeInput} />
    </>
  );
}

/** One page of a parent's children, in their declared order (else the entity's default order). */
function useChildren(meta: EntityMeta, parentId: number, page: number) {
  const { def } = meta;
  const parent = def.parent!;
  const query = useMemo(() => {
    const sort = parent.order ? { field: parent.order, order: 'asc' } : def.defaultSort;
    const paging: Record<string, string> = page > 1 ? { page: String(page) } : {};
    return {
      [parent.field]: String(parentId),
      size: String(PAGE_SIZE),
      ...paging,
      sort: sort.field,
      order: sort.order,
    };
  }, [parent, def.defaultSort, parentId, page]);
  return useQuery({
    queryKey: entityKeys.list(def.name, 'list', query),
    queryFn: ({ signal }) => entityApi.list(def.name, query, signal),
    enabled: Number.isInteger(parentId) && parentId > 0,
    placeholderData: keepPreviousData,
  });
}

/** The columns: each field's widget cell (or a contribution's), then the row actions. */
function useChildColumns(
  meta: EntityMeta,
  names: readonly string[] | undefined,
  actions: (record: EntityRecord) => ReactNode,
  cells?: ListSlots['cells'],
): TableColumnsType<EntityRecord> {
  const t = useEngineText();
  const { t: frameT } = useTranslation();
  const { def, policy, lang } = meta;
  const all = useMemo(() => listColumns(def, policy), [def, policy]);
  const shown = names
    ? names.flatMap((n) => all.filter((c) => c.name === n))
    : all.filter(
        (c) => c.isShownByDefault && !['id', 'createdAt', 'updatedAt', def.parent?.field].includes(c.name),
      );
  return [
    ...shown.map((c) => ({
      key: c.name,
      dataIndex: c.name,
      title: meta.fieldLabel(c.name),
      render: (value: unknown, record: EntityRecord) =>
        cells?.[c.name]
          ? cells[c.name]!(value, record)
          : renderValue(c, value, {
              lang,
              t,
              frameT,
              record,
              mode: 'cell',
              ownerLabel: recordLabel(def, record, lang),
            }),
    })),
    {
      key: 'actions',
      title: t('list.actions'),
      width: 260,
      render: (_: unknown, record: EntityRecord) => actions(record),
    },
  ];
}

/** A child's actions: edit (drawer), contributions, up / down, status actions, declared commands, delete. */
function useChildRowActions(
  meta: EntityMeta,
  reorder: Reorder | null,
  input: { setEditing: (id: number) => void; slots?: Pick<ListSlots, 'rowActions'> },
) {
  const t = useEngineText();
  const { def } = meta;
  const access = useEntityAccess(def);
  const actions = useRecordActions(meta, {});
  const commands = useCommands(meta, access);
  const navigate = useNavigate();
  const { flat } = useVisibleRoutes();
  const ctx: SlotContext = { meta, access, navigate, routes: flat };
  const of = (record: EntityRecord): RowAction[] => {
    const out: RowAction[] = [];
    if (access.canUpdate)
      out.push({ key: 'edit', label: t('list.edit'), onClick: () => input.setEditing(record.id) });
    out.push(...(input.slots?.rowActions?.(record, ctx) ?? []));
    if (reorder) out.push(...reorder.rowActions(record));
    out.push(...statusRowActions(meta, access, actions, record));
    out.push(...commands.row(record));
    out.push(...deleteRowAction(meta, access, actions, record, t));
    return out;
  };
  const pendingInput = commands.pendingInput ?? actions.pendingInput;
  const closeInput = () => {
    commands.closeInput();
    actions.closeInput();
  };
  return { of, pendingInput, closeInput };
}

type Reorder = {
  /** Move up / move down of a row (the keyboard's way of reordering). */
  rowActions: (record: EntityRecord) => RowAction[];
  /** Puts the dragged row where the target row is. */
  moveTo: (draggedId: number, targetId: number) => void;
};

/** The reordering of an ordered child (`parent.order`): each move sends the parent's new order of ids. */
function useReorder(meta: EntityMeta, rows: EntityRecord[], parentId: number): Reorder | null {
  const t = useEngineText();
  const queryClient = useQueryClient();
  const access = useEntityAccess(meta.def);
  if (!meta.def.parent?.order || !access.canUpdate) return null;
  const send = async (ids: number[]) => {
    const res = await entityApi.reorder(meta.def.name, parentId, ids).catch(() => null);
    if (res?.success) await queryClient.invalidateQueries({ queryKey: entityKeys.all(meta.def.name) });
  };
  const moveBy = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void send(ids);
  };
  const moveTo = (draggedId: number, targetId: number) => {
    const ids = rows.map((r) => r.id);
    const from = ids.indexOf(draggedId);
    const to = ids.indexOf(targetId);
    if (from < 0 || to < 0 || from === to) return;
    ids.splice(from, 1);
    ids.splice(to, 0, draggedId);
    void send(ids);
  };
  const rowActions = (record: EntityRecord): RowAction[] => {
    const index = rows.findIndex((r) => r.id === record.id);
    const out: RowAction[] = [];
    if (index > 0)
      out.push({
        key: 'up',
        label: t('child.up'),
        icon: <ArrowUpOutlined aria-hidden />,
        onClick: () => moveBy(index, -1),
      });
    if (index >= 0 && index < rows.length - 1)
      out.push({
        key: 'down',
        label: t('child.down'),
        icon: <ArrowDownOutlined aria-hidden />,
        onClick: () => moveBy(index, 1),
      });
    return out;
  };
  return { rowActions, moveTo };
}

/** The table rows' drag and drop (HTML drag events): a row dropped on another takes its place. */
function useRowDrag(reorder: Reorder | null) {
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (!reorder) return null;
  return (record: EntityRecord): HTMLAttributes<HTMLElement> & { 'data-row-id': number } => ({
    'data-row-id': record.id,
    draggable: true,
    className: over === record.id && dragged.current !== record.id ? 'entity-row-drop' : undefined,
    onDragStart: (e) => {
      dragged.current = record.id;
      e.dataTransfer?.setData('text/plain', String(record.id));
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (e) => {
      if (dragged.current === null) return;
      e.preventDefault();
      if (over !== record.id) setOver(record.id);
    },
    onDragEnd: () => {
      dragged.current = null;
      setOver(null);
    },
    onDrop: (e) => {
      e.preventDefault();
      const id = dragged.current;
      dragged.current = null;
      setOver(null);
      if (id !== null) reorder.moveTo(id, record.id);
    },
  });
}
