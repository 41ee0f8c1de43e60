import {
  actionList,
  type EntityRecord,
  labelColumns,
  listColumns,
  listFilters,
  recordLabel,
} from '@organiser/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TreeRecord } from '../../api/entity-api';
import { useEngineText } from '../../messages';
import { useVisibleRoutes } from '../../navigation/visible-routes-context';
import { useApp } from '../../state/app-settings';
import { type EntityAccess, useEntityAccess } from '../access';
import { placedCommands, useCommands } from '../commands/use-commands';
import type { EntityMeta } from '../entity-meta';
import type { ListSlots, NamedAction, RowAction, SlotContext } from '../slots';
import type { CellContext } from '../widget-registry/cells';
import { effectiveSort } from './list-url';
import { useColumnSettings } from './use-column-settings';
import { useEntityList } from './use-entity-list';
import { deleteRowAction, statusRowActions, useRecordActions } from './use-record-actions';
import { useTreeExpansion } from './use-tree-expansion';

/** Everything the list page's parts share: the list's state and data, what the user may do, the columns and
 * filters, and the actions of rows and selections. */
export function useListScreen(entity: string, slots?: ListSlots) {
  const t = useEngineText();
  const { t: frameT } = useTranslation();
  const navigate = useNavigate();
  const list = useEntityList(entity, { listPath: slots?.listPath, defaultFilters: slots?.defaultFilters });
  const { meta, state, data } = list;
  const { def, lang } = meta;
  const access = useEntityAccess(def);
  const actions = useRecordActions(meta, list.matchQuery);
  const commands = useCommands(meta, access);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const [isImportOpen, setImportOpen] = useState(false);
  const { flat } = useVisibleRoutes();
  // a phone-width screen shows each record as a card (name, statuses) beside its actions
  const isCompact = useApp((s) => s.device === 'mobile');
  const tree = useTreeExpansion(list.isTree ? (data?.list as TreeRecord[] | undefined) : undefined, {
    isSearching: Object.keys(list.matchQuery).length > 0,
  });
  const { filters, columnSettings, labelOf } = useListColumns(meta, slots?.defaultColumns);
  const { batchActions, canBatchDelete, hasSelection } = bulkAbilities(meta, access, state.isTrash, slots);
  const slotContext: SlotContext = { meta, access, navigate, routes: flat };
  const rowLabel = (record: EntityRecord) => recordLabel(def, record, lang) || `#${record.id}`;
  const editPathOf = (id: number) => (slots?.editPath ?? access.editPath)?.replace(':id', String(id));
  const total = data?.total ?? 0;
  const cellContext = (record: EntityRecord): CellContext => ({
    ...{ lang, t, frameT, record, mode: 'cell' },
    ownerLabel: recordLabel(def, record, lang),
  });
  const screen = {
    t,
    frameT,
    navigate,
    list,
    meta,
    state,
    data,
    access,
    actions,
    commands,
    drawerId,
    setDrawerId,
    isImportOpen,
    setImportOpen,
    isCompact,
    tree,
    filters,
    columnSettings,
    batchActions,
    canBatchDelete,
    hasSelection,
    slotContext,
    labelOf,
    rowLabel,
    editPathOf,
    total,
    cellContext,
    sort: effectiveSort(def, state),
    labelColumns: labelColumns(def),
    cellOverride: (name: string, record: EntityRecord) => slots?.cells?.[name]?.(record[name], record),
    extraColumns: slots?.columns ?? [],
    batch: (input: { name: string; label: string; action?: NamedAction; isDanger?: boolean }) =>
      actions.runBatch({ ...input, selection: list.selection, total, onDone: list.clearSelection }),
  };
  return { ...screen, rowActions: (record: EntityRecord) => rowActionsOf(screen, record, slots) };
}

export type ListScreen = ReturnType<typeof useListScreen>;

/** What a selection can be used for: status actions and delete in batch, bulk commands, contributions. */
function bulkAbilities(meta: EntityMeta, access: EntityAccess, isTrash: boolean, slots?: ListSlots) {
  const batchActions = actionList(meta.def, meta.policy).filter((a) => access.canBatch(a.name));
  const canBatchDelete = access.canBatch('delete');
  const hasBulkCommands = placedCommands(meta, access, 'bulk').length > 0;
  const hasSelection =
    !isTrash && (batchActions.length > 0 || canBatchDelete || hasBulkCommands || Boolean(slots?.bulkActions));
  return { batchActions, canBatchDelete, hasSelection };
}

/** The search form's filters, the columns (each with its field's named widget, so region codes show by name) and
 * the user's column settings. */
function useListColumns(meta: EntityMeta, defaultColumns?: readonly string[]) {
  const { def, policy } = meta;
  const filters = useMemo(() => listFilters(def, policy), [def, policy]);
  const columns = useMemo(
    () =>
      listColumns(def, policy).map((c) => ({
        ...c,
        widget: def.fields[c.name]?.form?.widget,
        ...(defaultColumns ? { isShownByDefault: defaultColumns.includes(c.name) } : {}),
      })),
    [def, policy, defaultColumns],
  );
  const columnSettings = useColumnSettings(def.name, columns);
  const labelOf = (name: string) => meta.fieldLabel(name, columns.find((c) => c.name === name)?.label);
  return { filters, columnSettings, labelOf };
}

type ScreenBase = Omit<ListScreen, 'rowActions'>;

/** A record's actions: in the trash view, restore and purge; else edit, contributions, status actions, declared
 * commands, view, delete. */
function rowActionsOf(screen: ScreenBase, record: EntityRecord, slots?: ListSlots): RowAction[] {
  const { t, access, actions, meta } = screen;
  const view: RowAction = {
    key: 'view',
    label: t('list.view'),
    onClick: () => screen.setDrawerId(record.id),
  };
  if (screen.state.isTrash) {
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
  const edit = screen.editPathOf(record.id);
  if (edit) out.push({ key: 'edit', label: t('list.edit'), onClick: () => screen.navigate(edit) });
  out.push(...(slots?.rowActions?.(record, screen.slotContext) ?? []));
  out.push(...statusRowActions(meta, access, actions, record));
  out.push(...screen.commands.row(record), view);
  out.push(...deleteRowAction(meta, access, actions, record, t));
  return out;
}
