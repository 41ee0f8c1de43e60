import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { createElement, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ignoreShownError } from '../../api/client';
import { allIcons } from '../../components/all-icons';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import {
  buildTree,
  keepMatching,
  matchesKeyword,
  type TreeNode,
} from '../../widgets/permission-tree/tree-model';
import { AccessListHeader } from './access-list-header';
import { AccessSearch, useAccessColumns, useAccessListUrl } from './access-list-tools';
import { accessApi, accessKeys, type Bilingual, type PermissionEntry } from './api';
import { useAccessText } from './messages';
import { useCan } from './use-can';
import './access.css';

export const PERMISSION_ADD_PATH = '/systemManage/permission_add';
export const PERMISSION_EDIT_PATH = '/systemManage/permission_edit';

type Row = PermissionEntry & { children?: Row[] };

const toRows = (nodes: TreeNode<PermissionEntry>[], keep: Set<number> | null): Row[] =>
  nodes
    .filter((n) => !keep || keep.has(n.entry.id))
    .map((n) => {
      const children = toRows(n.children, keep);
      return children.length ? { ...n.entry, children } : { ...n.entry };
    });

export function iconOf(name: string | null) {
  const icon = name ? allIcons[name] : undefined;
  return icon ? createElement(icon) : null;
}

/** `/adminManage/permission_list`: the permission tree as a tree table; built-in entries marked, resources
 * whose route is gone reported; add, edit, delete (confirmed when roles hold it). The search (keyword, status,
 * routes gone) lives in the URL; the columns follow the user's column settings. */
export function PermissionListPage({ route }: PageProps) {
  const text = useAccessText();
  const lang = useLang();
  const navigate = useNavigate();
  const can = useCan();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const url = useAccessListUrl();
  const [search, setSearch] = useSearchParams();
  const onlyStale = search.get('stale') === 'true';
  const { keyword, status } = url;
  const list = useQuery({
    queryKey: accessKeys.permissions,
    queryFn: ({ signal }) => accessApi.permissions(signal),
  });
  const isFiltered = Boolean(keyword || status || onlyStale);

  const rows = useMemo(() => {
    const entries = list.data ?? [];
    const k = keyword.toLowerCase();
    const keep = isFiltered
      ? keepMatching(
          entries,
          (e) => (!k || matchesKeyword(e, k)) && (!status || e.status === status) && (!onlyStale || e.stale),
        )
      : null;
    return toRows(buildTree(entries), keep);
  }, [list.data, keyword, status, onlyStale, isFiltered]);
  const staleCount = (list.data ?? []).filter((e) => e.stale).length;

  const remove = async (entry: PermissionEntry, confirm = false) => {
    const res = await accessApi.deletePermission(entry.id, confirm).catch(ignoreShownError);
    if (!res) return;
    if (res.success) {
      message.success(text('permissions.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['access'] });
      return;
    }
    const roles = (res.content as { roles?: { name: Bilingual }[] } | null)?.roles;
    if (roles?.length) {
      modal.confirm({
        title: text('permissions.heldTitle'),
        content: text('permissions.heldBody', { roles: roles.map((r) => pick(r.name, lang)).join(', ') }),
        okText: text('permissions.delete'),
        okButtonProps: { danger: true },
        cancelText: text('common.cancel'),
        onOk: () => remove(entry, true),
      });
    }
  };

  const table = usePermissionColumns((r) => remove(r));

  return (
    <Card variant="borderless" className="access-page">
      <AccessListHeader
        title={pick(route.title, lang)}
        addLabel={text('permissions.add')}
        onAdd={can('POST', '/api/permission') ? () => navigate(PERMISSION_ADD_PATH) : undefined}
        onReload={() => void list.refetch()}
        isReloading={list.isFetching}
        columnSettings={table.button}
      />
      <AccessSearch
        url={url}
        label={text('permissions.searchForm')}
        placeholder={text('permissions.search')}
      />
      <Segmented<'all' | 'stale'>
        className="access-toolbar"
        value={onlyStale ? 'stale' : 'all'}
        onChange={(v) =>
          setSearch((current) => {
            const out = new URLSearchParams(current);
            if (v === 'stale') out.set('stale', 'true');
            else out.delete('stale');
            return out;
          })
        }
        options={[
          { value: 'all', label: text('permissions.all') },
          { value: 'stale', label: `${text('permissions.staleOnly')} (${staleCount})` },
        ]}
      />
      <Table<Row>
        rowKey="id"
        size="small"
        // wider than a phone: the table scrolls in its card instead of pushing the page sideways (the shown
        // columns' widths together)
        tableLayout="fixed"
        scroll={{ x: table.columns.reduce((sum, c) => sum + (Number(c.width) || 0), 0) }}
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        expandable={
          isFiltered
            ? {
                expandedRowKeys: rows.flatMap(function keys(r): number[] {
                  return [r.id, ...(r.children ?? []).flatMap(keys)];
                }),
              }
            : undefined
        }
        columns={table.columns}
      />
    </Card>
  );
}

/** The permission list's columns (as the user arranged them) and its Actions: edit, and delete for a custom
 * entry or a built-in one whose route is gone, without children. */
function usePermissionColumns(remove: (entry: PermissionEntry) => void) {
  const text = useAccessText();
  const lang = useLang();
  const navigate = useNavigate();
  const can = useCan();
  return useAccessColumns<Row>(
    'permission',
    [
      {
        name: 'name',
        label: 'permissions.name',
        column: {
          width: 260,
          render: (_, r) => (
            <Space size={6}>
              {iconOf(r.icon)}
              <span>{pick(r.name, lang)}</span>
              {r.builtIn && <Tag>{text('permissions.builtIn')}</Tag>}
              {r.stale && <Tag color="error">{text('permissions.stale')}</Tag>}
            </Space>
          ),
        },
      },
      {
        name: 'type',
        label: 'permissions.type',
        column: {
          dataIndex: 'type',
          width: 90,
          render: (v: PermissionEntry['type']) => (
            <Tag color={v === 'menu' ? 'blue' : 'purple'}>
              {text(v === 'menu' ? 'permissions.menu' : 'permissions.resource')}
            </Tag>
          ),
        },
      },
      { name: 'method', label: 'permissions.method', column: { dataIndex: 'method', width: 90 } },
      { name: 'url', label: 'permissions.url', column: { dataIndex: 'url', width: 220, ellipsis: true } },
      { name: 'sortNo', label: 'permissions.sortNo', column: { dataIndex: 'sortNo', width: 80 } },
      {
        name: 'status',
        label: 'permissions.status',
        column: {
          dataIndex: 'status',
          width: 90,
          render: (v: PermissionEntry['status']) => text(`status.${v}`),
        },
      },
      { name: 'roles', label: 'permissions.roles', column: { dataIndex: 'roles', width: 80 } },
    ],
    {
      title: text('permissions.actions'),
      key: 'actions',
      width: 160,
      render: (_, r) => (
        <Space size={4}>
          {can('PUT', '/api/permission/:id') && (
            <Button size="small" onClick={() => navigate(`${PERMISSION_EDIT_PATH}/${r.id}`)}>
              {text('permissions.edit')}
            </Button>
          )}
          {can('DELETE', '/api/permission/:id') && (!r.builtIn || r.stale) && !r.children?.length && (
            <Popconfirm
              title={text('permissions.deleteConfirm', { name: pick(r.name, lang) })}
              okText={text('common.ok')}
              cancelText={text('common.cancel')}
              onConfirm={() => remove(r)}
            >
              <Button size="small" danger>
                {text('permissions.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  );
}
