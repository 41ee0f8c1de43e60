import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ignoreShownError } from '../../api/client';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { AccessListHeader } from './access-list-header';
import { AccessSearch, useAccessColumns, useAccessListUrl } from './access-list-tools';
import { accessApi, accessKeys, type RoleRow, type Status } from './api';
import { useAccessText } from './messages';
import { useCan } from './use-can';
import './access.css';

export const ROLE_EDIT_PATH = '/adminManage/role/role_edit';

/** `/adminManage/role_list`: the roles with their holders; add, edit, enable / disable, delete. The search and
 * page live in the URL; the columns follow the user's column settings. */
export function RoleListPage({ route }: PageProps) {
  const text = useAccessText();
  const lang = useLang();
  const navigate = useNavigate();
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const url = useAccessListUrl();
  const query = { page: url.page, size: 20, keyword: url.keyword || undefined, status: url.status };
  const roles = useQuery({
    queryKey: accessKeys.roles(query),
    queryFn: ({ signal }) => accessApi.roles(query, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['access'] });
  const act = async (call: () => Promise<{ success: boolean }>) => {
    const res = await call().catch(ignoreShownError);
    if (res?.success) {
      message.success(text('roles.saved'));
      await refresh();
    }
  };

  const statusTag = (s: Status) => (
    <Tag color={s === 'enabled' ? 'success' : 'default'}>{text(`status.${s}`)}</Tag>
  );

  const table = useAccessColumns<RoleRow>(
    'role',
    [
      {
        name: 'name',
        label: 'roles.name',
        column: {
          render: (_, r) => (
            <Space>
              {pick(r.name, lang)}
              {r.builtIn && <Tag color="gold">{text('roles.reserved')}</Tag>}
            </Space>
          ),
        },
      },
      { name: 'code', label: 'roles.code', column: { dataIndex: 'code' } },
      {
        name: 'status',
        label: 'roles.status',
        column: { dataIndex: 'status', render: statusTag, width: 110 },
      },
      { name: 'holders', label: 'roles.holders', column: { dataIndex: 'holders', width: 100 } },
      { name: 'remark', label: 'roles.remark', column: { dataIndex: 'remark', ellipsis: true } },
    ],
    {
      title: text('roles.actions'),
      key: 'actions',
      width: 260,
      render: (_, r) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => navigate(`${ROLE_EDIT_PATH}/${r.id}`)}>
            {text('roles.edit')}
          </Button>
          {!r.builtIn &&
            (r.status === 'enabled'
              ? can('POST', '/api/role/disable/:id') && (
                  <Button size="small" onClick={() => act(() => accessApi.setRoleStatus(r.id, false))}>
                    {text('roles.disable')}
                  </Button>
                )
              : can('POST', '/api/role/enable/:id') && (
                  <Button size="small" onClick={() => act(() => accessApi.setRoleStatus(r.id, true))}>
                    {text('roles.enable')}
                  </Button>
                ))}
          {!r.builtIn && can('DELETE', '/api/role/:id') && (
            <Popconfirm
              title={text('roles.deleteConfirm', { name: pick(r.name, lang), count: r.holders })}
              okText={text('common.ok')}
              cancelText={text('common.cancel')}
              onConfirm={() => act(() => accessApi.deleteRole(r.id))}
            >
              <Button size="small" danger>
                {text('roles.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  );

  return (
    <Card variant="borderless" className="access-page">
      <AccessListHeader
        title={pick(route.title, lang)}
        addLabel={text('roles.add')}
        onAdd={can('POST', '/api/role') ? () => navigate(`${ROLE_EDIT_PATH}/new`) : undefined}
        onReload={() => void roles.refetch()}
        isReloading={roles.isFetching}
        columnSettings={table.button}
      />
      <AccessSearch url={url} label={text('roles.searchForm')} placeholder={text('roles.search')} />
      <Table<RoleRow>
        rowKey="id"
        loading={roles.isFetching}
        dataSource={roles.data?.list ?? []}
        pagination={{
          current: url.page,
          pageSize: 20,
          total: roles.data?.total ?? 0,
          onChange: (page) => url.set({ page }),
          showSizeChanger: false,
        }}
        columns={table.columns}
      />
    </Card>
  );
}
