import { useMemo, useState } from 'react';
import type { TreeRecord } from '../../api/entity-api';

/** Trees bigger than this open collapsed (their first level shows); smaller ones open whole. */
const OPEN_TREE_MAX = 200;

/** Which rows of a tree table are open: all of a small tree or of search results, the first level of a big one. */
export function useTreeExpansion(roots: TreeRecord[] | undefined, { isSearching }: { isSearching: boolean }) {
  const parentKeys = useMemo(() => {
    const out: number[] = [];
    let count = 0;
    const walk = (nodes: TreeRecord[]) => {
      for (const n of nodes) {
        count++;
        if (n.children?.length) {
          out.push(n.id);
          walk(n.children);
        }
      }
    };
    walk(roots ?? []);
    return { keys: out, count };
  }, [roots]);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const isOpenByDefault = isSearching || parentKeys.count <= OPEN_TREE_MAX;
  // until the user opens or closes a row, what is shown follows the data (new search results open whole)
  const shown = expanded ?? (isOpenByDefault ? parentKeys.keys : []);
  const searchKey = `${isSearching}`;
  const [lastSearch, setLastSearch] = useState(searchKey);
  if (lastSearch !== searchKey) {
    setLastSearch(searchKey);
    setExpanded(null);
  }
  return {
    expanded: shown,
    parentKeys: parentKeys.keys,
    set: (keys: number[]) => setExpanded(keys),
    expandAll: () => setExpanded(parentKeys.keys),
    collapseAll: () => setExpanded([]),
  };
}
