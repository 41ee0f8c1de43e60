import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import { createElement, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ignoreShownError } from '../../api/client';
import { allIcons } from '../../components/all-icons';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { AccessListHeader } from './access-list-header';
import { accessApi, accessKeys, type Bilingual, type PermissionEntry } from './api';
import { useAccessText } from './messages';
import { buildTree, matchingIds, type TreeNode } from './tree-model';
import { useCan } from './use-can';
import './access.css';

/** The columns' widths together (name, type, method, address, order, status, roles, actions). */
const TABLE_WIDTH = 260 + 90 + 90 + 220 + 80 + 90 + 80 + 160;

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
 * whose route is gone reported; add, edit, delete (confirmed when roles hold it). */
export function PermissionListPage({ route }: PageProps) {
  const text = useAccessText();
  const lang = useLang();
  const navigate = useNavigate();
  const can = useCan();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [onlyStale, setOnlyStale] = useState(false);
  const list = useQuery({
    queryKey: accessKeys.permissions,
    queryFn: ({ signal }) => accessApi.permissions(signal),
  });

  const rows = useMemo(() => {
    const entries = list.data ?? [];
    let keep = matchingIds(entries, keyword);
    if (onlyStale) {
      const stale = entries.filter((e) => e.stale);
      keep = matchingIds(stale, '') ?? new Set<number>();
      const byId = new Map(entries.map((e) => [e.id, e]));
      for (const e of stale) {
        for (
          let at: PermissionEntry | undefined = e;
          at;
          at = at.parentId ? byId.get(at.parentId) : undefined
        ) {
          if (keep.has(at.id)) break;
          keep.add(at.id);
        }
      }
    }
    return toRows(buildTree(entries), keep);
  }, [list.data, keyword, onlyStale]);
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

  return (
    <Card variant="borderless" className="access-page">
      <AccessListHeader
        title={pick(route.title, lang)}
        addLabel={text('permissions.add')}
        onAdd={can('POST', '/api/permission') ? () => navigate(PERMISSION_ADD_PATH) : undefined}
        onReload={() => void list.refetch()}
        isReloading={list.isFetching}
      />
      <Space className="access-toolbar" wrap>
        <Input.Search
          allowClear
          aria-label={text('permissions.search')}
          placeholder={text('permissions.search')}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ width: 280, maxWidth: '100%' }}
        />
        <Segmented<'all' | 'stale'>
          value={onlyStale ? 'stale' : 'all'}
          onChange={(v) => setOnlyStale(v === 'stale')}
          options={[
            { value: 'all', label: text('permissions.all') },
            { value: 'stale', label: `${text('permissions.staleOnly')} (${staleCount})` },
          ]}
        />
      </Space>
      <Table<Row>
        rowKey="id"
        size="small"
        // wider than a phone: the table scrolls in its card instead of pushing the page sideways
        tableLayout="fixed"
        scroll={{ x: TABLE_WIDTH }}
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        expandable={
          keyword || onlyStale
            ? {
                expandedRowKeys: rows.flatMap(function keys(r): number[] {
                  return [r.id, ...(r.children ?? []).flatMap(keys)];
                }),
              }
            : undefined
        }
        columns={[
          {
            title: text('permissions.name'),
            key: 'name',
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
          {
            title: text('permissions.type'),
            dataIndex: 'type',
            width: 90,
            render: (v: PermissionEntry['type']) => (
              <Tag color={v === 'menu' ? 'blue' : 'purple'}>
                {text(v === 'menu' ? 'permissions.menu' : 'permissions.resource')}
              </Tag>
            ),
          },
          { title: text('permissions.method'), dataIndex: 'method', width: 90 },
          { title: text('permissions.url'), dataIndex: 'url', width: 220, ellipsis: true },
          { title: text('permissions.sortNo'), dataIndex: 'sortNo', width: 80 },
          {
            title: text('permissions.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: PermissionEntry['status']) => text(`status.${v}`),
          },
          { title: text('permissions.roles'), dataIndex: 'roles', width: 80 },
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
        ]}
      />
    </Card>
  );
}
