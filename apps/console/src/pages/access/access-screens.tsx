import type { EntityRecord } from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, Tag, Typography } from 'antd';
import { ignoreShownError } from '../../api/client';
import {
  EntityForm,
  EntityList,
  entityKeys,
  type FormSlots,
  type ListSlots,
  type SlotContext,
} from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { AccessSummary } from './access-summary';
import { accessApi, accessKeys, type Bilingual, type Holder } from './api';
import { useAccessText } from './messages';
import { useCan } from './use-can';
import './access.css';

// The role and permission screens are the engine's list and form over the `role` and `permission` entities (URL
// list state, history with revert, export and import). What the engine cannot say is added here as slots: the
// role's add page at `role_edit/new` and its holders and effective access, and the permission's stale mark and
// the delete that asks to confirm when roles hold the permission.

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

/** Deletes a permission through the product's route; when roles hold it, the server names them and the user
 * confirms before it is deleted from them too. */
function usePermissionDelete() {
  const text = useAccessText();
  const lang = useLang();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const remove = async (record: EntityRecord, confirm: boolean): Promise<void> => {
    const res = await accessApi.deletePermission(record.id, confirm).catch(ignoreShownError);
    if (!res) return;
    if (res.success) {
      message.success(text('permissions.deleted'));
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('permission') });
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
        onOk: () => remove(record, true),
      });
    }
  };
  return (record: EntityRecord) =>
    modal.confirm({
      title: text('permissions.deleteConfirm', { name: pick(record.name as Bilingual, lang) }),
      okText: text('common.ok'),
      cancelText: text('common.cancel'),
      onOk: () => remove(record, false),
    });
}

/** /adminManage/permission_list: the permission tree; a resource whose API route is gone is marked, and a custom
 * (or gone) entry without children has a delete that asks to confirm. */
export function PermissionListPage({ route }: PageProps) {
  const text = useAccessText();
  const can = useCan();
  const askDelete = usePermissionDelete();
  const slots: ListSlots = {
    cells: {
      url: (value, record) => (
        <>
          <Typography.Text code>{String(value ?? '')}</Typography.Text>
          {record.stale === true && <Tag color="error">{text('permissions.stale')}</Tag>}
        </>
      ),
    },
    rowActions: (record: EntityRecord, _ctx: SlotContext) =>
      can('DELETE', '/api/permission/:id') && (!record.builtIn || record.stale === true)
        ? [
            {
              key: 'delete',
              label: text('permissions.delete'),
              isDanger: true,
              onClick: () => askDelete(record),
            },
          ]
        : [],
  };
  return <EntityList entity="permission" title={route.title} slots={slots} />;
}
