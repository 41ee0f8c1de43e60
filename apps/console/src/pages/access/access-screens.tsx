import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tag, Typography } from 'antd';
import { EntityForm, EntityList, type FormSlots, type ListSlots } from '../../engine';
import type { PageProps } from '../../navigation/page-props';
import { AccessSummary } from './access-summary';
import { accessApi, accessKeys, type Holder } from './api';
import { useAccessText } from './messages';
import './access.css';

// The role and permission screens are the engine's list and form over the `role` and `permission` entities (URL
// list state, history with revert, export and import). What the engine cannot say is added here as slots: the
// role's add page at `role_edit/new` and its holders and effective access, and the permission's stale mark.

const ROLE_EDIT_PATH = '/adminManage/role/role_edit/:id';

/** /adminManage/role_list: the roles; a row opens the role editor, "Add role" its `new` page. */
export function RoleListPage({ route }: PageProps) {
  const text = useAccessText();
  const slots: ListSlots = {
    editPath: ROLE_EDIT_PATH,
    toolbar: ({ access, navigate }) =>
      access.canCreate ? (
        <Button type="primary" onClick={() => navigate(ROLE_EDIT_PATH.replace(':id', 'new'))}>
          {text('roles.add')}
        </Button>
      ) : null,
    detailPanels: (record) => <RoleHolders id={record.id} />,
    // the reserved root role: the server refuses every change of it, so its row offers none
    cells: {
      code: (value, record) => (
        <>
          <Typography.Text>{String(value ?? '')}</Typography.Text>
          {record.builtIn === true && <Tag className="access-reserved">{text('roles.reserved')}</Tag>}
        </>
      ),
    },
    columns: [
      {
        key: 'holders',
        title: text('roles.holders'),
        width: 100,
        render: (record) => (typeof record.holders === 'number' ? record.holders : null),
      },
    ],
  };
  return <EntityList entity="role" title={route.title} slots={slots} />;
}

/** /adminManage/role/role_edit/{id} (`new` adds one): the role's form with its permission tree (granting only
 * what the user holds), then who holds it and what it opens. The reserved root role is read-only. */
export function RoleEditPage({ route, params }: PageProps) {
  const isNew = params.id === 'new';
  const slots: FormSlots = {
    sections: (record) =>
      record ? (
        <>
          <RoleHolders id={record.id} />
          <RoleAccess id={record.id} />
        </>
      ) : null,
  };
  return (
    <EntityForm
      key={`role:${params.id ?? 'new'}`}
      entity="role"
      id={isNew ? undefined : params.id}
      title={route.title}
      slots={slots}
    />
  );
}

function RoleHolders({ id }: { id: number }) {
  const text = useAccessText();
  const holders = useQuery({
    queryKey: accessKeys.holders(id),
    queryFn: ({ signal }) => accessApi.holders(id, signal),
  });
  return (
    <section className="access-section" aria-label={text('roles.whoHas')}>
      <Typography.Title level={5}>{text('roles.whoHas')}</Typography.Title>
      <Table<Holder>
        rowKey="id"
        size="small"
        loading={holders.isLoading}
        dataSource={holders.data ?? []}
        pagination={false}
        locale={{ emptyText: text('roles.noHolders') }}
        columns={[
          { title: text('roles.account'), dataIndex: 'account' },
          { title: text('roles.nickname'), dataIndex: 'nickname' },
          {
            title: text('roles.type'),
            dataIndex: 'type',
            render: (v: Holder['type']) => text(v === 'company' ? 'roles.typeCompany' : 'roles.typeAdmin'),
          },
          {
            title: text('roles.status'),
            dataIndex: 'status',
            render: (v: Holder['status']) => text(`status.${v}`),
          },
        ]}
      />
    </section>
  );
}

/** What a role opens: its menus and the API routes they and its writes allow. */
function RoleAccess({ id }: { id: number }) {
  const text = useAccessText();
  const access = useQuery({
    queryKey: accessKeys.roleAccess(id),
    queryFn: ({ signal }) => accessApi.roleAccess(id, signal),
  });
  return (
    <section className="access-section" aria-label={text('roles.effective')}>
      <Typography.Title level={5}>{text('roles.effective')}</Typography.Title>
      {access.data ? <AccessSummary access={access.data} /> : null}
    </section>
  );
}

/** /adminManage/permission_list: the permission tree; a resource whose API route is gone is marked. The engine's
 * delete offers itself on custom entries and on built-in ones whose route is gone, and asks again, naming them,
 * when roles hold the entry. */
export function PermissionListPage({ route }: PageProps) {
  const text = useAccessText();
  const slots: ListSlots = {
    cells: {
      url: (value, record) => (
        <>
          <Typography.Text code>{String(value ?? '')}</Typography.Text>
          {record.stale === true && <Tag color="error">{text('permissions.stale')}</Tag>}
        </>
      ),
    },
  };
  return <EntityList entity="permission" title={route.title} slots={slots} />;
}
