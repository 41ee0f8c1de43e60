import {
  type ColumnDescriptor,
  type EntityRecord,
  visibilityColumns,
  visibilityStatus,
} from '@organiser/domain';
import { type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { EngineT } from '../../messages';
import type { ExtraColumn, RowAction } from '../slots';
import { renderValue } from '../widget-registry';
import { type CellContext, RelativeTime } from '../widget-registry/cells';
import { RowActions } from './row-actions';
import { stickToEnd } from './sticky-columns';

/** Column widths by kind where the definition gives none: long text is cut with an ellipsis (full text on hover),
 * so a long title cannot push the status columns off the screen. */
const KIND_WIDTH: Partial<Record<ColumnDescriptor['kind'], number>> = {
  text: 180,
  dict: 120,
  enum: 110,
  boolean: 90,
  date: 120,
  datetime: 150,
  image: 100,
  images: 120,
  video: 110,
  integer: 100,
  decimal: 110,
  money: 120,
  relation: 150,
  treeRelation: 150,
  relationMany: 200,
  tags: 180,
  dictMany: 180,
};
const widthOf = (c: ColumnDescriptor) => c.width ?? KIND_WIDTH[c.kind] ?? 140;

const SELECTION_WIDTH = 48;
const VISIBILITY_WIDTH = 200;
const DELETED_WIDTH = 140;

type Input = {
  shown: ColumnDescriptor[];
  labelOf: (name: string) => string;
  /** The column the list is sorted by, when a column should show it. */
  sorted: { field: string; order: 'asc' | 'desc' } | null;
  isTrash: boolean;
  hasSelection: boolean;
  cellContext: (record: EntityRecord) => CellContext;
  /** A cell a page draws its own way (a slot contribution), else undefined. */
  cellOverride?: (name: string, record: EntityRecord) => ReactNode | undefined;
  rowActions: (record: EntityRecord) => RowAction[];
  rowLabel: (record: EntityRecord) => string;
  /** Columns of answered values that are not fields (a page's slot), after the fields' columns. */
  extraColumns?: readonly ExtraColumn[];
  t: EngineT;
  frameT: TFunction;
  /**
   * A phone-width screen: one column per record (its name, its status and the chosen columns' values, as a card)
   * and its actions, without horizontal scrolling; the full record opens in the drawer.
   */
  isCompact?: boolean;
  /** The card column's heading (the entity's name). */
  summaryTitle?: string;
  /** Columns that make up the record's label (its card title): not repeated below it. */
  labelColumns?: string[];
};

const COMPACT_ACTIONS_WIDTH = 96;

/** One record as a card: what identifies it first, then its statuses, then the other chosen columns' values. */
function compactColumns(input: Input): {
  columns: TableColumnsType<EntityRecord>;
  width: number | undefined;
} {
  const { t, frameT } = input;
  const statuses = input.shown.filter((c) => c.isStatus);
  const others = input.shown.filter(
    (c) => !c.isStatus && c.name !== 'id' && !input.labelColumns?.includes(c.name),
  );
  const cell = (c: ColumnDescriptor, record: EntityRecord) =>
    input.cellOverride?.(c.name, record) ?? renderValue(c, record[c.name], input.cellContext(record));
  const summary: TableColumnsType<EntityRecord>[number] = {
    key: 'summary',
    title: input.summaryTitle ?? '',
    render: (_: unknown, record) => (
      <div className="entity-card-cell">
        <span className="entity-card-title">{input.rowLabel(record)}</span>
        <span className="entity-card-meta">
          <span>#{record.id}</span>
          {statuses.map((c) => (
            <span key={c.name}>{cell(c, record)}</span>
          ))}
          {input.isTrash && record.deletedAt ? (
            <span>
              {t('list.deletedAt')} <RelativeTime value={String(record.deletedAt)} frameT={frameT} />
            </span>
          ) : null}
        </span>
        {others.slice(0, 2).map((c) => (
          <span key={c.name} className="entity-card-meta">
            {frameT('common.labelled', { label: input.labelOf(c.name) })}
            {cell(c, record)}
          </span>
        ))}
      </div>
    ),
  };
  const actions: TableColumnsType<EntityRecord>[number] = {
    key: 'actions',
    title: t('list.actions'),
    width: COMPACT_ACTIONS_WIDTH,
    render: (_: unknown, record) => (
      <RowActions actions={input.rowActions(record)} label={input.rowLabel(record)} inline={2} />
    ),
  };
  return { columns: [summary, actions], width: undefined };
}

/** The table's columns (cells by field kind, server-side sorters, the actions column) and its scroll width. */
export function tableColumns(input: Input): {
  columns: TableColumnsType<EntityRecord>;
  width: number | undefined;
} {
  if (input.isCompact) return compactColumns(input);
  const { t, frameT, sorted } = input;
  // an enabled / disabled state and an online / offline one read as one state, what a visitor sees
  const visibility = visibilityColumns(input.shown);
  const shown = visibility ? input.shown.filter((c) => c !== visibility.state) : input.shown;
  const data: TableColumnsType<EntityRecord> = shown.map((c) =>
    visibility && c === visibility.gate
      ? {
          key: c.name,
          dataIndex: c.name,
          title: t('list.visibility'),
          width: VISIBILITY_WIDTH,
          render: (_: unknown, record: EntityRecord) => {
            const state = visibilityStatus(visibility, record, input.cellContext(record).lang);
            return <Tag color={state.color === 'default' ? undefined : state.color}>{state.text}</Tag>;
          },
        }
      : {
          key: c.name,
          dataIndex: c.name,
          title: input.labelOf(c.name),
          width: widthOf(c),
          sorter: c.isSortable,
          sortOrder:
            c.isSortable && sorted?.field === c.name ? (sorted.order === 'asc' ? 'ascend' : 'descend') : null,
          render: (value: unknown, record: EntityRecord) =>
            input.cellOverride?.(c.name, record) ?? renderValue(c, value, input.cellContext(record)),
        },
  );
  const extra = input.isTrash ? [] : (input.extraColumns ?? []);
  for (const c of extra)
    data.push({
      key: c.key,
      title: c.title,
      width: c.width,
      render: (_: unknown, r: EntityRecord) => c.render(r),
    });
  const deleted: TableColumnsType<EntityRecord>[number] = {
    key: 'deletedAt',
    title: t('list.deletedAt'),
    width: DELETED_WIDTH,
    render: (_: unknown, r: EntityRecord) =>
      r.deletedAt ? <RelativeTime value={String(r.deletedAt)} frameT={frameT} /> : null,
  };
  const actionsWidth = input.isTrash ? 220 : 240;
  const actions: TableColumnsType<EntityRecord>[number] = {
    key: 'actions',
    title: t('list.actions'),
    width: actionsWidth,
    render: (_: unknown, record) => (
      <RowActions actions={input.rowActions(record)} label={input.rowLabel(record)} />
    ),
  };
  const columns = stickToEnd([
    // in the trash, when a record was deleted comes right after what identifies it
    ...(input.isTrash ? [...data.slice(0, 2), deleted, ...data.slice(2)] : data),
    actions,
  ]);
  const width =
    shown.reduce((sum, c) => sum + (visibility && c === visibility.gate ? VISIBILITY_WIDTH : widthOf(c)), 0) +
    extra.reduce((sum, c) => sum + c.width, 0) +
    actionsWidth +
    (input.hasSelection ? SELECTION_WIDTH : 0) +
    (input.isTrash ? DELETED_WIDTH : 0);
  return { columns, width };
}
