import { describe, expect, it } from 'vitest';
import { STICKY_END, stickToEnd, tableWidthStyle } from './sticky-columns';

type Cell = { style?: { insetInlineEnd?: number } };
const cellOf = (column: unknown, part: 'onCell' | 'onHeaderCell'): Cell | undefined =>
  (column as Record<string, (() => Cell) | undefined>)[part]?.();

describe('stickToEnd', () => {
  const columns = [
    { key: 'name', width: 180 },
    { key: 'detail', width: 90, className: 'detail' },
    { key: 'reveal', width: 120 },
  ];

  it('keeps the last column at the end and the one before at the last one’s width from it', () => {
    const [name, detail, reveal] = stickToEnd(columns, 2);
    expect(name).toEqual(columns[0]);
    expect(reveal?.className).toBe(STICKY_END);
    // the last one's place is the stylesheet's (inset 0)
    expect(cellOf(reveal, 'onCell')).toBeUndefined();
    expect(detail?.className).toBe(`detail ${STICKY_END}`);
    expect(cellOf(detail, 'onCell')?.style?.insetInlineEnd).toBe(120);
    expect(cellOf(detail, 'onHeaderCell')?.style?.insetInlineEnd).toBe(120);
  });

  it('keeps nothing when asked for no column, and never more than there are', () => {
    expect(stickToEnd(columns, 0)).toEqual(columns);
    expect(stickToEnd(columns, 5).every((c) => String(c.className).includes(STICKY_END))).toBe(true);
  });

  it('gives the table its width as a custom property, and none without a width', () => {
    expect(tableWidthStyle(1200)).toEqual({ '--entity-table-width': '1200px' });
    expect(tableWidthStyle(undefined)).toBeUndefined();
  });
});
