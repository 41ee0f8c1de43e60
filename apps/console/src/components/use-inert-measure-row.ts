import type { TableRef } from 'antd';
import { type RefObject, useEffect } from 'react';

/**
 * antd's fixed-layout tables copy their header, select-all checkbox included, into an aria-hidden row used to
 * measure column widths. Marking that row inert keeps Tab from landing on an invisible checkbox.
 */
export function useInertMeasureRow(ref: RefObject<TableRef | null>): void {
  useEffect(() => {
    const root = ref.current?.nativeElement;
    if (!root) return;
    const apply = () => {
      for (const row of root.querySelectorAll('.ant-table-measure-row:not([inert])'))
        row.setAttribute('inert', '');
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}
