import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useEngineText } from '../../messages';
import type { Selection } from '../slots';

type Props = {
  selection: Selection;
  /** Rows on this page and how many records match in all. */
  pageCount: number;
  total: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
  children: ReactNode;
};

/** Bulk actions on the ticked rows, or on every record matching the filters. */
export function BulkBar({ selection, pageCount, total, onSelectAllMatching, onClear, children }: Props) {
  const t = useEngineText();
  const count = selection.isAllMatching ? total : selection.ids.length;
  if (count === 0) return null;
  const canWiden =
    !selection.isAllMatching && selection.ids.length >= pageCount && total > selection.ids.length;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a live toolbar region, not a form group
    <div className="entity-bulk" role="region" aria-label={t('bulk.region')} aria-live="polite">
      <span className="entity-bulk-count">
        {selection.isAllMatching
          ? t('bulk.allMatchingSelected', { count: total })
          : t('bulk.selected', { count })}
      </span>
      {canWiden && (
        <Button type="link" size="small" onClick={onSelectAllMatching}>
          {t('bulk.selectAllMatching', { count: total })}
        </Button>
      )}
      <Space size={8} wrap>
        {children}
      </Space>
      <Button type="text" size="small" onClick={onClear}>
        {t('bulk.clear')}
      </Button>
    </div>
  );
}
