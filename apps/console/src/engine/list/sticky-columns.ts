import type { TableColumnsType } from 'antd';
import type { CSSProperties, HTMLAttributes } from 'react';

// A table wider than its box scrolls sideways inside it, its last columns (the actions) kept in view at its end.
// Done in CSS (entity-screens.css: the table's width as a custom property, the kept columns `position: sticky`),
// not with antd's `scroll.x` and `fixed`: those make the table measure every column's width after each render
// (a row of measuring cells, a forced layout and a second render), which the widths given here make unneeded.

/** The class of a column kept in view at the table's end. */
export const STICKY_END = 'entity-sticky-end';

/** The Table's style carrying its width: at least this, else its box's. */
export const tableWidthStyle = (width: number | undefined): CSSProperties | undefined =>
  width ? ({ '--entity-table-width': `${width}px` } as CSSProperties) : undefined;

type Column<T> = TableColumnsType<T>[number];

/**
 * The columns with the last `count` kept in view at the table's end, each beside the one after it: the last at the
 * end, the one before at the last's width from it (their widths must be given).
 */
export function stickToEnd<T>(columns: Column<T>[], count = 1): Column<T>[] {
  let offset = 0;
  const out = [...columns];
  for (let i = out.length - 1; i >= out.length - count && i >= 0; i -= 1) {
    const column = out[i]!;
    const at = offset;
    const cell = (): HTMLAttributes<HTMLElement> => ({ style: { insetInlineEnd: at } });
    out[i] = {
      ...column,
      className: column.className ? `${column.className} ${STICKY_END}` : STICKY_END,
      // the last column's place is the stylesheet's; only the ones before it need their own
      ...(at ? { onCell: cell, onHeaderCell: cell } : {}),
    } as Column<T>;
    offset += Number(column.width ?? 0);
  }
  return out;
}
