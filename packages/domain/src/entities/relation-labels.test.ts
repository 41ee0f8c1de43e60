import { describe, expect, it } from 'vitest';
import { labelColumns, recordLabel } from '../kit/descriptors';
import type { EntityDef } from '../kit/types';
import { entities } from './index';

// Every relation label of every entity, read in Chinese: when the related entity keeps its label in Chinese as
// well (a bilingual name, or a `zh…` field beside it), a Chinese reader sees the Chinese one, from exactly the
// columns a query reads for the label (the list's join, the options, the import's lookup).

const relations = Object.values(entities).flatMap((def) =>
  Object.entries(def.fields).flatMap(([name, field]) => {
    if (field.kind === 'treeRelation') return [{ owner: def.name, field: name, target: def }];
    if (field.kind === 'relation' || field.kind === 'relationMany') {
      const target = entities[field.to];
      return target ? [{ owner: def.name, field: name, target }] : [];
    }
    return [];
  }),
);

/** The target's fields that hold its label's Chinese text, if it keeps one. */
function chineseLabelFields(target: EntityDef): string[] {
  const pair = target.pairs[target.labelField];
  if (pair) return [pair.zh];
  const zh = `zh${target.labelField.charAt(0).toUpperCase()}${target.labelField.slice(1)}`;
  return zh in target.fields ? [zh] : [];
}

describe('relation labels in Chinese', () => {
  it('covers the relations of the registry', () => {
    expect(relations.length).toBeGreaterThan(10);
    expect(relations.map((r) => `${r.owner}.${r.field}`)).toContain('product.categoryId1');
  });

  it.each(relations.map((r) => [`${r.owner}.${r.field} → ${r.target.name}`, r] as const))(
    '%s',
    (_name, { target }) => {
      const columns = labelColumns(target);
      const chinese = chineseLabelFields(target);
      const record = Object.fromEntries(
        columns.map((c) => [c, chinese.includes(c) ? `中文${c}` : `English ${c}`]),
      );
      const zh = recordLabel(target, record, 'zh');
      const en = recordLabel(target, record, 'en');
      if (chinese.length > 0) {
        for (const c of chinese) expect(columns).toContain(c);
        expect(zh).toBe(`中文${chinese[0]}`);
        expect(en).toMatch(/^English /);
      } else {
        expect(zh).toBe(en);
      }
      // a record whose Chinese text is empty falls back to a text it has
      const withoutChinese = Object.fromEntries(columns.map((c) => [c, chinese.includes(c) ? '' : 'Only']));
      expect(recordLabel(target, withoutChinese, 'zh')).toBe('Only');
    },
  );
});
