import { getEntity, recordLabel } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { entityApi } from '../engine/api';
import { useEngineText } from '../engine/messages';
import { entityKeys } from '../engine/query-keys';
import { useLang } from '../i18n/use-lang';

type Node = { value: number; title: string; disabled?: boolean; children: Node[] };

/** Records of a tree entity, read page by page (50 a page, the list's cap) up to `limit` records. */
async function allRecords(entity: string, signal?: AbortSignal, limit = 2000) {
  const out = [];
  for (let page = 1; out.length < limit; page++) {
    const content = await entityApi.list(entity, { page: String(page), size: '50' }, signal);
    out.push(...content.list);
    if (content.list.length < 50 || out.length >= content.total) break;
  }
  return out;
}

export type TreeItem = { id: number; parentId: number | null; label: string };

/**
 * Builds the tree under a parent field. The record itself and everything below it are disabled: a node cannot
 * move under its own descendant (issue 5 "moving a node under its own descendant is refused").
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
  entity: string;
  /** The parent field of the tree (e.g. `parentId`). */
  parentField: string;
  /** The record being edited, which cannot become its own ancestor. */
  selfId?: number | null;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
};

/** Picks a parent in a tree of the same entity (categories); empty means top level. */
export function EntityTreeSelect({ id, entity, parentField, selfId, value, onChange, disabled }: Props) {
  const t = useEngineText();
  const lang = useLang();
  const def = getEntity(entity);
  const result = useQuery({
    queryKey: [...entityKeys.options(entity, '*tree'), lang],
    queryFn: ({ signal }) => allRecords(entity, signal),
    staleTime: 30_000,
  });
  const tree = useMemo(() => {
    const items = (result.data ?? []).map((r) => ({
      id: r.id,
      parentId: typeof r[parentField] === 'number' ? (r[parentField] as number) : null,
      label: def ? recordLabel(def, r, lang) : String(r.id),
    }));
    return buildTree(items, selfId);
  }, [result.data, parentField, def, lang, selfId]);

  return (
    <TreeSelect<number | null>
      id={id}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      treeData={tree}
      loading={result.isLoading}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={t('tree.root')}
      disabled={disabled}
      style={{ width: '100%' }}
    />
  );
}
