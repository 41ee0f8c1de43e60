import { SearchOutlined } from '@ant-design/icons';
import type { Bilingual } from '@organiser/domain';
import { Button, Form, Input, Select, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useListColumns } from '../../components/list-columns';
import { useEngineText } from '../../engine';
import { useLang } from '../../i18n/use-lang';
import { type AccessTextKey, accessTextsIn } from './messages';

// What the role and permission lists share with the engine's lists: the search form (keyword and status,
// Search and Reset), kept in the URL under the list call's own parameter names so that a reload, the back button
// and a shared link show the same list; and the column settings (show, hide, order; remembered per user) of
// components/list-columns.

/** Both languages of one access text, for the column settings' labels. */
const both = (key: AccessTextKey): Bilingual => ({
  en: accessTextsIn('en')(key),
  zh: accessTextsIn('zh')(key),
});

export type AccessListUrl = {
  keyword: string;
  status?: 'enabled' | 'disabled';
  page: number;
  /** Writes the given parameters; empty ones leave the URL (a new search starts at page 1). */
  set: (next: Partial<Record<'keyword' | 'status' | 'page', string | number | undefined>>) => void;
};

/** The list's search state in the URL: `keyword`, `status`, `page`; anything unreadable is ignored. */
export function useAccessListUrl(): AccessListUrl {
  const [search, setSearch] = useSearchParams();
  const status = search.get('status');
  const page = Number(search.get('page'));
  return {
    keyword: search.get('keyword')?.trim() ?? '',
    status: status === 'enabled' || status === 'disabled' ? status : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    set: (next) =>
      setSearch((current) => {
        const out = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value === undefined || value === '' || (name === 'page' && value === 1)) out.delete(name);
          else out.set(name, String(value));
        }
        return out;
      }),
  };
}

type SearchValues = { keyword?: string; status?: 'enabled' | 'disabled' };

/** The search form of an access list, as the engine lists have it: keyword, status, Search, Reset. */
export function AccessSearch({
  url,
  label,
  placeholder,
}: {
  url: AccessListUrl;
  label: string;
  placeholder: string;
}) {
  const t = useEngineText();
  const lang = useLang();
  const [form] = Form.useForm<SearchValues>();
  // the URL is the source: back, reload or a link put its values into the form
  useEffect(() => {
    form.setFieldsValue({ keyword: url.keyword, status: url.status });
  }, [form, url.keyword, url.status]);
  return (
    <Form<SearchValues>
      form={form}
      layout="inline"
      className="entity-search"
      role="search"
      aria-label={label}
      onFinish={(v) => url.set({ keyword: v.keyword?.trim(), status: v.status, page: undefined })}
    >
      <Form.Item name="keyword" label={t('list.keyword')}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={placeholder}
          className="entity-search-keyword"
        />
      </Form.Item>
      <Form.Item name="status" label={accessTextsIn(lang)('roles.status')}>
        <Select
          allowClear
          placeholder={t('list.any')}
          style={{ width: 140 }}
          options={[
            { value: 'enabled', label: accessTextsIn(lang)('status.enabled') },
            { value: 'disabled', label: accessTextsIn(lang)('status.disabled') },
          ]}
        />
      </Form.Item>
      <Form.Item className="entity-search-buttons">
        <Space size={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('list.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              url.set({ keyword: undefined, status: undefined, page: undefined });
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** One column of an access list: its name (remembered in the settings), label text and antd column. */
export type AccessColumn<R> = { name: string; label: AccessTextKey; column: ColumnType<R> };

/** The access list's columns as the user arranged them, then Actions; with the column settings button. */
export function useAccessColumns<R>(list: string, columns: AccessColumn<R>[], actions: ColumnType<R>) {
  return useListColumns(
    list,
    columns.map((c) => ({ ...c, label: both(c.label) })),
    actions,
  );
}
