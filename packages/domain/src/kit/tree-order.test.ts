import { describe, expect, it } from 'vitest';
import { flattenTree, nestTree } from './tree-order';
import type { EntityRecord } from './types';

const rec = (id: number, parentId: number | null): EntityRecord => ({
  id,
  version: 1,
  createdAt: '',
  updatedAt: '',
  createdBy: null,
  updatedBy: null,
  parentId,
});

describe('tree order', () => {
  it('nests records under their parents in sibling order and flattens them back depth first', () => {
    const records = [
      rec(1, null),
      rec(2, null),
      rec(3, 2),
      rec(4, 1),
      rec(5, 4),
      rec(6, 1),
      rec(7, 99),
      rec(8, 8),
    ];
    const roots = nestTree(records, 'parentId');
    expect(roots.map((r) => r.id)).toEqual([1, 2, 7, 8]);
    expect(roots[0]!.children!.map((r) => r.id)).toEqual([4, 6]);
    expect(roots[0]!.children![0]!.children!.map((r) => r.id)).toEqual([5]);
    const flat = flattenTree(roots);
    expect(flat.map((r) => r.id)).toEqual([1, 4, 5, 6, 2, 3, 7, 8]);
    expect(flat.every((r) => !('children' in r))).toBe(true);
    expect(nestTree(flat, 'parentId')).toEqual(roots);
  });
});
