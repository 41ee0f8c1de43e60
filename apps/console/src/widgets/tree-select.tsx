import { getEntity, isDisabledRecord, recordLabel } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { entityApi, type TreeRecord } from '../api/entity-api';
import { entityKeys } from '../api/query-keys';
import { useSelectClear } from '../components/select-clear';
import { useLang } from '../i18n/use-lang';
import { useEngineText } from '../messages';
import { isChoiceFull, useChoiceLimit, useLimitPopup } from './choice-limit';

type Node = { value: number; title: string; disabled?: boolean; children: Node[] };

export type TreeItem = { id: number; parentId: number | null; label: string; isDisabled?: boolean };

const NO_QUERY: Record<string, string> = {};

/** The whole tree of a tree entity (`GET /api/<entity>/tree`), shared by every select and refreshed by any write
 * of the entity (its keys start with the entity's). */
export function useEntityTree(entity: string) {
  return useQuery({
    queryKey: entityKeys.list(entity, 'tree', NO_QUERY),
    queryFn: ({ signal }) => entityApi.tree(entity, NO_QUERY, signal),
    staleTime: 30_000,
  });
}

/** The records of a tree, depth first, with their parent ids. */
export function flattenTree(
  nodes: TreeRecord[],
  label: (record: TreeRecord) => string,
  parentId: number | null = null,
  out: TreeItem[] = [],
  isDisabled: (record: TreeRecord) => boolean = () => false,
): TreeItem[] {
  for (const node of nodes) {
    out.push({ id: node.id, parentId, label: label(node), isDisabled: isDisabled(node) });
    if (node.children?.length) flattenTree(node.children, label, node.id, out, isDisabled);
  }
  return out;
}

/** Which nodes a field may choose: only top-level ones (`roots`), or only the children of one node (`under`, none
 * while it is empty); the others are left out. */
export type TreeLevel = { roots: true } | { under: number | null };

function withinLevel(items: TreeItem[], level?: TreeLevel): TreeItem[] {
  if (!level) return items;
  if ('roots' in level) return items.filter((i) => i.parentId === null);
  return items
    .filter((i) => level.under !== null && i.parentId === level.under)
    .map((i) => ({ ...i, parentId: null }));
}

/** Disabled records are not offered for a new choice: left out unless chosen, and marked when chosen. */
function withoutDisabled(items: TreeItem[], chosen: number[], mark: (label: string) => string): TreeItem[] {
  const hidden = new Set(items.filter((i) => i.isDisabled && !chosen.includes(i.id)).map((i) => i.id));
  // a disabled node's children go with it (they cannot be reached)
  const isHidden = (item: TreeItem): boolean =>
    hidden.has(item.id) || (item.parentId !== null && hidden.has(item.parentId) && !chosen.includes(item.id));
  return items.filter((i) => !isHidden(i)).map((i) => (i.isDisabled ? { ...i, label: mark(i.label) } : i));
}

/**
 * Builds the tree under a parent field. The record itself and everything below it are disabled: a node cannot
 * move under its own descendant (the server refuses that move too).
 */
export function buildTree(items: TreeItem[], selfId?: number | null): Node[] {
  const byParent = new Map<number | null, TreeItem[]>();
  const ids = new Set(items.map((i) => i.id));
  for (const item of items) {
    const parent = item.parentId !== null && ids.has(item.parentId) ? item.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), item]);
  }
  const walk = (parent: number | null, isBlocked: boolean, depth: number): Node[] =>
    depth > 50
      ? []
      : (byParent.get(parent) ?? []).map((item) => {
          const blocked = isBlocked || item.id === selfId;
          return {
            value: item.id,
            title: item.label,
            disabled: blocked,
            children: walk(item.id, blocked, depth + 1),
          };
        });
  return walk(null, false, 0);
}

type Props = {
  id?: string;
  /** The tree entity. */
  entity: string;
  /** The record being edited, which cannot become its own ancestor (a parent field of the same entity). */
  selfId?: number | null;
  /** Only top-level nodes, or only the children of one node. */
  level?: TreeLevel;
  /** Several nodes (a relation-many to a tree: a company's categories), at most `maxCount`. */
  isMultiple?: boolean;
  maxCount?: number;
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
};

/** Picks a node (a parent: empty means top level) or several nodes of a tree entity, searchable by name. */
export function EntityTreeSelect({
  id,
  entity,
  selfId,
  level,
  isMultiple,
  maxCount,
  value,
  onChange,
  disabled,
  placeholder,
  ...rest
}: Props) {
  const t = useEngineText();
  const lang = useLang();
  const def = getEntity(entity);
  const result = useEntityTree(entity);
  const isWithinLimit = useChoiceLimit(isMultiple ? maxCount : undefined);
  const chosenKey = (Array.isArray(value) ? value : typeof value === 'number' ? [value] : []).join(',');
  const tree = useMemo(() => {
    const label = (r: TreeRecord) => (def ? recordLabel(def, r, lang) : '') || `#${r.id}`;
    const isDisabled = (r: TreeRecord) => (def ? isDisabledRecord(def, r) : false);
    const items = flattenTree(result.data?.list ?? [], label, null, [], isDisabled);
    const chosenIds = chosenKey.split(',').filter(Boolean).map(Number);
    const mark = (text: string) => t('form.disabledChoice', { label: text });
    return buildTree(withoutDisabled(withinLevel(items, level), chosenIds, mark), selfId);
  }, [result.data, def, lang, selfId, level, chosenKey, t]);

  const clear = useSelectClear();
  const common = {
    id,
    'aria-label': rest['aria-label'],
    treeData: tree,
    loading: result.isLoading,
    allowClear: clear(),
    showSearch: { treeNodeFilterProp: 'title' },
    treeDefaultExpandAll: true,
    disabled,
    style: { width: '100%' },
    notFoundContent: t('form.noMatch'),
  };
  const chosen = Array.isArray(value) ? value : [];
  const limitPopup = useLimitPopup(isMultiple ? maxCount : undefined, chosen.length);
  if (isMultiple) {
    // a full choice greys out the nodes not chosen (the dropdown says why)
    const isFull = isChoiceFull(maxCount, chosen.length);
    return (
      <TreeSelect<number[]>
        {...common}
        treeData={isFull ? disableOthers(tree, chosen) : tree}
        popupRender={limitPopup}
        multiple
        value={Array.isArray(value) ? value : []}
        onChange={(next) => {
          const list = next ?? [];
          if (list.length > (Array.isArray(value) ? value.length : 0) && !isWithinLimit(list.length)) return;
          onChange?.(list);
        }}
        placeholder={placeholder ?? (maxCount ? t('form.maxChoices', { max: maxCount }) : t('form.choose'))}
        maxTagCount="responsive"
      />
    );
  }
  return (
    <TreeSelect<number | null>
      {...common}
      value={typeof value === 'number' ? value : null}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder ?? t('tree.root')}
    />
  );
}

/** The tree with every node not chosen disabled. */
function disableOthers<N extends { value: number; disabled?: boolean; children?: N[] }>(
  nodes: N[],
  chosen: number[],
): N[] {
  return nodes.map((n) => ({
    ...n,
    disabled: Boolean(n.disabled) || !chosen.includes(n.value),
    children: n.children ? disableOthers(n.children, chosen) : n.children,
  }));
}
