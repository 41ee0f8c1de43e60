import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ignoreShownError } from '../../api/client';
import { useLeaveGuard } from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { PermissionTreeInput } from '../../widgets/permission-tree/permission-tree-input';
import { accessApi, accessKeys, type EffectiveAccess, type Holder, type RoleInput } from './api';
import { useAccessText } from './messages';
import { ROLE_EDIT_PATH } from './role-list-page';
import { showFieldErrors } from './server-fields';
import { useCan } from './use-can';
import './access.css';

const LIST_PATH = '/adminManage/role_list';

type FormValues = RoleInput;

/**
 * `/adminManage/role/role_edit/{id}` (`new` adds one): the role's names, code, status and remark, its
 * permissions in the permission tree (the `permissionTree` widget), then who holds it and what it opens. Leaving
 * with unsaved changes (another page, a reload, a closed tab) asks first.
 */
export function RoleEditPage({ route, params }: PageProps) {
  const text = useAccessText();
  const lang = useLang();
  const navigate = useNavigate();
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const isNew = params.id === 'new';
  const id = isNew ? 0 : Number(params.id);
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [isDirty, setDirty] = useState(false);
  const guard = useLeaveGuard(isDirty);

  const role = useQuery({
    queryKey: accessKeys.role(id),
    queryFn: ({ signal }) => accessApi.role(id, signal),
    enabled: id > 0,
  });

  useEffect(() => {
    if (!role.data) return;
    form.setFieldsValue({
      code: role.data.code,
      name: role.data.name,
      status: role.data.status,
      remark: role.data.remark,
      permissionIds: role.data.permissionIds,
    });
    setDirty(false);
  }, [role.data, form]);

  const readOnly =
    role.data?.builtIn === true || !can(isNew ? 'POST' : 'PUT', isNew ? '/api/role' : '/api/role/:id');

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const input: RoleInput = {
        ...values,
        remark: values.remark ?? '',
        permissionIds: values.permissionIds ?? [],
      };
      const res = await (isNew
        ? accessApi.createRole(input)
        : accessApi.updateRole(id, input, role.data?.status ?? input.status)
      ).catch(ignoreShownError);
      if (!res) return;
      if (!res.success) {
        showFieldErrors(form, res.content);
        return;
      }
      message.success(text('roles.saved'));
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: ['access'] });
      if (isNew) {
        guard.allowNext();
        navigate(`${ROLE_EDIT_PATH}/${res.content.id}`, { replace: true });
      }
    } finally {
      setSaving(false);
    }
  };

  if (!isNew && (!Number.isInteger(id) || id <= 0 || role.isError)) {
    return (
      <Card variant="borderless">
        <Empty description={text('common.notFound')} />
      </Card>
    );
  }

  return (
    <Card variant="borderless" className="access-page" loading={!isNew && role.isLoading}>
      <div className="access-page-header">
        <h1 className="app-page-title">
          {isNew
            ? text('roles.newTitle')
            : `${pick(route.title, lang)}${role.data ? `: ${pick(role.data.name, lang)}` : ''}`}
        </h1>
        <Button onClick={() => navigate(LIST_PATH)}>{text('roles.back')}</Button>
      </div>
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{ status: 'enabled', remark: '', permissionIds: [] }}
        onValuesChange={() => setDirty(true)}
        onFinish={save}
        style={{ maxWidth: 720 }}
      >
        <Space align="start" wrap>
          <Form.Item
            name={['name', 'en']}
            label={text('roles.nameEn')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={100} style={{ width: 300 }} />
          </Form.Item>
          <Form.Item
            name={['name', 'zh']}
            label={text('roles.nameZh')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={100} style={{ width: 300 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="code"
          label={text('roles.code')}
          extra={text('roles.codeHint')}
          rules={[{ required: true, pattern: /^[a-z][a-z0-9_]*$/, message: text('roles.codeHint') }]}
        >
          <Input maxLength={50} style={{ width: 300 }} />
        </Form.Item>
        <Form.Item name="status" label={text('roles.status')}>
          <Radio.Group
            options={[
              { value: 'enabled', label: text('status.enabled') },
              { value: 'disabled', label: text('status.disabled') },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label={text('roles.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item
          name="permissionIds"
          label={text('roles.permissions')}
          extra={text('roles.permissionsHint')}
        >
          <PermissionTreeInput disabled={readOnly} />
        </Form.Item>
        {!readOnly && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {text('roles.save')}
          </Button>
        )}
      </Form>
      {!isNew && role.data && <RoleHolders id={id} />}
      {!isNew && role.data && <RoleAccess id={id} />}
    </Card>
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
      <Typography.Title level={4}>{text('roles.whoHas')}</Typography.Title>
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
export function AccessSummary({ access }: { access: EffectiveAccess }) {
  const text = useAccessText();
  const lang = useLang();
  if (access.root) return <Typography.Paragraph>{text('roles.everything')}</Typography.Paragraph>;
  if (access.roles.length && access.roles.every((r) => r.status === 'disabled'))
    return <Typography.Paragraph type="secondary">{text('roles.disabledNote')}</Typography.Paragraph>;
  return (
    <>
      <Typography.Title level={5}>{text('roles.menus')}</Typography.Title>
      <ul className="access-menus">
        {access.menus.map((m) => (
          <li key={m.id}>
            {pick(m.name, lang)} <Typography.Text type="secondary">{m.url}</Typography.Text>
          </li>
        ))}
      </ul>
      <Typography.Title level={5}>{text('roles.routes')}</Typography.Title>
      <Table
        rowKey={(r) => `${r.method} ${r.url}`}
        size="small"
        dataSource={access.routes.filter((r) => r.access !== 'login')}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { title: text('permissions.method'), dataIndex: 'method', width: 100 },
          { title: text('permissions.url'), dataIndex: 'url' },
          {
            title: text('permissions.type'),
            dataIndex: 'access',
            width: 120,
            render: (v: string) => (
              <Tag>{text(v === 'menu' ? 'permissions.menu' : 'permissions.resource')}</Tag>
            ),
          },
        ]}
      />
    </>
  );
}

function RoleAccess({ id }: { id: number }) {
  const text = useAccessText();
  const access = useQuery({
    queryKey: accessKeys.roleAccess(id),
    queryFn: ({ signal }) => accessApi.roleAccess(id, signal),
  });
  return (
    <section className="access-section" aria-label={text('roles.effective')}>
      <Typography.Title level={4}>{text('roles.effective')}</Typography.Title>
      {access.data ? <AccessSummary access={access.data} /> : null}
    </section>
  );
}
