import type { EntityRecord } from './types';

/** A node of a tree answer: the record and its children (absent on leaves). */
export type TreeNode<R extends EntityRecord = EntityRecord> = R & { children?: TreeNode<R>[] };

/**
 * Records nested under their parents (the `treeRelation` field `parentField`), keeping their order among
 * siblings: a record whose parent is not among them (or is itself) is a root. The server's tree route answers
 * so, and the console nests a tree answered flat in tree order the same way.
 */
export function nestTree<R extends EntityRecord>(records: readonly R[], parentField: string): TreeNode<R>[] {
  const nodes = new Map<number, TreeNode<R>>(records.map((r) => [r.id, { ...r }]));
  const roots: TreeNode<R>[] = [];
  for (const n of nodes.values()) {
    const parent = n[parentField];
    const owner = typeof parent === 'number' && parent !== n.id ? nodes.get(parent) : undefined;
    if (!owner) roots.push(n);
    else if (owner.children) owner.children.push(n);
    else owner.children = [n];
  }
  return roots;
}

/** Nodes in tree order (depth first: each before its descendants), without their `children`. */
export function flattenTree<R extends EntityRecord>(roots: readonly TreeNode<R>[]): R[] {
  const out: R[] = [];
  const visit = (nodes: readonly TreeNode<R>[]) => {
    for (const { children, ...own } of nodes) {
      out.push(own as unknown as R);
      if (children) visit(children);
    }
  };
  visit(roots);
  return out;
}
