import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useEngineText } from '../engine';

// What the hand-built list pages (login security, purchase leads) share with the engine's lists: the search
// and page in the URL under the list call's own names, and the page header with its reload button.

export type KeywordListQuery = {
  keyword: string;
  page: number;
  size: number;
  flags: Record<string, boolean>;
};

/** The list's state in the URL: `keyword`, `page`, `size` and the named on/off `flags` (`locked=true`);
 * anything unreadable is ignored. */
export function useKeywordListQuery(options: {
  maxPage: number;
  maxSize: number;
  flags?: readonly string[];
}) {
  const [search, setSearch] = useSearchParams();
  const positive = (name: string, fallback: number, max: number) => {
    const n = Number(search.get(name));
    return Number.isInteger(n) && n > 0 && n <= max ? n : fallback;
  };
  const query: KeywordListQuery = {
    keyword: search.get('keyword')?.trim() ?? '',
    page: positive('page', 1, options.maxPage),
    size: positive('size', 20, options.maxSize),
    flags: Object.fromEntries((options.flags ?? []).map((flag) => [flag, search.get(flag) === 'true'])),
  };
  const set = (next: Partial<KeywordListQuery>) =>
    setSearch(() => {
      const merged = { ...query, ...next, flags: { ...query.flags, ...next.flags } };
      const out = new URLSearchParams();
      if (merged.keyword) out.set('keyword', merged.keyword);
      for (const [flag, isOn] of Object.entries(merged.flags)) if (isOn) out.set(flag, 'true');
      if (merged.page !== 1) out.set('page', String(merged.page));
      if (merged.size !== 20) out.set('size', String(merged.size));
      return out;
    });
  return { query, set };
}

/** A list page's title and toolbar: the reload button, then `children`. */
export function ListPageHeader(props: {
  title: string;
  onReload: () => void;
  isLoading: boolean;
  children?: ReactNode;
}) {
  const engineT = useEngineText();
  return (
    <header className="entity-page-header">
      <h1 className="app-page-title">{props.title}</h1>
      <Space size={8} wrap className="entity-toolbar">
        <Tooltip title={engineT('list.reload')}>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            aria-label={engineT('list.reload')}
            onClick={props.onReload}
            loading={props.isLoading}
          />
        </Tooltip>
        {props.children}
      </Space>
    </header>
  );
}

/** The search form's Search (submit) and Reset buttons. */
export function SearchButtons(props: { searchLabel: string; resetLabel: string; onReset: () => void }) {
  return (
    <Form.Item className="entity-search-buttons">
      <Space size={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {props.searchLabel}
        </Button>
        <Button onClick={props.onReset}>{props.resetLabel}</Button>
      </Space>
    </Form.Item>
  );
}

/** The table's pagination over the URL's page and size; a new size goes back to the first page. */
export const urlPagination = (
  query: Pick<KeywordListQuery, 'page' | 'size'>,
  set: (next: Partial<KeywordListQuery>) => void,
  total: number,
  showTotal: (count: number) => string,
) => ({
  current: query.page,
  pageSize: query.size,
  total,
  showTotal,
  onChange: (page: number, size: number) => set({ page: size === query.size ? page : 1, size }),
});
