import { ArrowRightOutlined } from '@ant-design/icons';
import type { TableRef } from 'antd';
import { type RefObject, useEffect, useState } from 'react';
import { useEngineText } from '../../messages';

/** The scrolling part of an antd table (its body with a fixed header, else its content). */
const scrollerOf = (root: HTMLElement | null | undefined) =>
  root?.querySelector<HTMLElement>('.ant-table-body, .ant-table-content') ?? null;

/** Whether the table has columns out of sight on the right (wider than its box, not scrolled to the end). */
function useHiddenColumns(ref: RefObject<TableRef | null>): { isHidden: boolean; reveal: () => void } {
  const [isHidden, setHidden] = useState(false);
  useEffect(() => {
    const scroller = scrollerOf(ref.current?.nativeElement);
    if (!scroller) return;
    const measure = () => setHidden(scroller.scrollWidth - scroller.clientWidth - scroller.scrollLeft > 1);
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(scroller);
    const table = scroller.querySelector('table');
    if (table) observer?.observe(table);
    return () => {
      scroller.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  });
  const reveal = () => {
    const scroller = scrollerOf(ref.current?.nativeElement);
    scroller?.scrollTo({ left: scroller.scrollWidth, behavior: 'smooth' });
  };
  return { isHidden, reveal };
}

/**
 * Says that a table wider than the screen has more columns to the right (they scroll under the fixed Actions
 * column, which otherwise gives no sign of it), and scrolls to them when clicked.
 */
export function ScrollHint({ tableRef }: { tableRef: RefObject<TableRef | null> }) {
  const t = useEngineText();
  const { isHidden, reveal } = useHiddenColumns(tableRef);
  if (!isHidden) return null;
  return (
    <button type="button" className="entity-scroll-hint" onClick={reveal}>
      {t('list.moreColumns')} <ArrowRightOutlined aria-hidden />
    </button>
  );
}
