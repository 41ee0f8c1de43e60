import { ArrowRightOutlined } from '@ant-design/icons';
import type { TableRef } from 'antd';
import { type RefObject, useEffect, useState } from 'react';
import { useEngineText } from '../../messages';

/** The scrolling part of an antd table (its body with a fixed header, else its content). */
const scrollerOf = (root: HTMLElement | null | undefined) =>
  root?.querySelector<HTMLElement>('.ant-table-body, .ant-table-content') ?? null;

/** The scroller's class while columns are out of sight at its end. */
const MORE_AT_END = 'entity-more-end';

/** Whether the table has columns out of sight on the right (wider than its box, not scrolled to the end). */
function useHiddenColumns(ref: RefObject<TableRef | null>): { isHidden: boolean; reveal: () => void } {
  const [isHidden, setHidden] = useState(false);
  useEffect(() => {
    const scroller = scrollerOf(ref.current?.nativeElement);
    if (!scroller) return;
    const measure = () => {
      const hidden = scroller.scrollWidth - scroller.clientWidth - scroller.scrollLeft > 1;
      // the kept columns' edge shadow (entity-screens.css), set on the element without a render
      scroller.classList.toggle(MORE_AT_END, hidden);
      setHidden(hidden);
    };
    scroller.addEventListener('scroll', measure, { passive: true });
    // Measured when the browser has laid the page out: an observer reports each element's size once on observing
    // it, after the next layout. Measuring here instead would make the browser lay out the new page in the middle
    // of the render that made it, and again once it has finished.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (!observer) measure();
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
 * Says that a table wider than the screen has more columns to the right (they scroll under the kept Actions
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
