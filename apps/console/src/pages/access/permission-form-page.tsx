import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  TreeSelect,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ignoreShownError } from '../../api/client';
import { allIcons } from '../../components/all-icons';
import { useLeaveGuard } from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { buildTree, type TreeNode } from '../../widgets/permission-tree/tree-model';
import { accessApi, accessKeys, type PermissionEntry, type PermissionInput } from './api';
import { useAccessText } from './messages';
import { iconOf, PERMISSION_EDIT_PATH } from './permission-list-page';
import { showFieldErrors } from './server-fields';
import './access.css';

const LIST_PATH = '/adminManage/permission_list';
const ICONS_PATH = '/icon/index';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const iconNames = Object.keys(allIcons)
  .filter((n) => /(Outlined|Filled|TwoTone)$/.test(n))
  .sort();

type FormValues = Omit<PermissionInput, 'parentId' | 'icon'> & {
  parentId?: number | null;
  icon?: string | null;
};

/** `/systemManage/permission_add` and `permission_edit/{id}`: one permission. A built-in one keeps its type,
 * method, url and parent; its icon, names, order and status are editable. Leaving with unsaved changes (another
 * page, a reload, a closed tab) asks first. */
export function PermissionFormPage({ route, params }: PageProps) {
  const text = useAccessText();
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const id = params.id === undefined ? 0 : Number(params.id);
  const isNew = params.id === undefined;
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [isDirty, setDirty] = useState(false);
  const guard = useLeaveGuard(isDirty);
  const type = Form.useWatch('type', form);

  const entry = useQuery({
    queryKey: accessKeys.permission(id),
    queryFn: ({ signal }) => accessApi.permission(id, signal),
    enabled: id > 0,
  });
  const all = useQuery({
    queryKey: accessKeys.permissions,
    queryFn: ({ signal }) => accessApi.permissions(signal),
  });

  useEffect(() => {
    if (!entry.data) return;
    form.setFieldsValue({ ...entry.data });
    setDirty(false);
  }, [entry.data, form]);

  const parents = useMemo(() => {
    const menus = (all.data ?? []).filter((p) => p.type === 'menu');
    const toData = (n: TreeNode<PermissionEntry>): object => ({
      value: n.entry.id,
      title: `${pick(n.entry.name, lang)} (${n.entry.url})`,
      disabled: n.entry.id === id,
      children: n.children.map(toData),
    });
    return buildTree(menus).map(toData);
  }, [all.data, lang, id]);

  const builtIn = entry.data?.builtIn === true;

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const input: PermissionInput = {
        ...values,
        parentId: values.parentId ?? null,
        icon: values.icon || null,
        method: values.type === 'menu' ? '' : values.method,
        sortNo: values.sortNo ?? 0,
      };
      const res = await (isNew
        ? accessApi.createPermission(input)
        : accessApi.updatePermission(id, input)
      ).catch(ignoreShownError);
      if (!res) return;
      if (!res.success) {
        showFieldErrors(form, res.content);
        return;
      }
      message.success(text('permissions.saved'));
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: ['access'] });
      if (isNew) {
        guard.allowNext();
        navigate(`${PERMISSION_EDIT_PATH}/${res.content.id}`, { replace: true });
      }
    } finally {
      setSaving(false);
    }
  };

  if (!isNew && (!Number.isInteger(id) || id <= 0 || entry.isError)) {
    return (
      <Card variant="borderless">
        <Empty description={text('common.notFound')} />
      </Card>
    );
  }

  return (
    <Card variant="borderless" className="access-page" loading={!isNew && entry.isLoading}>
      <div className="access-page-header">
        <h1 className="app-page-title">{pick(route.title, lang)}</h1>
        <Button onClick={() => navigate(LIST_PATH)}>{text('permissions.back')}</Button>
      </div>
      {builtIn && (
        <Alert type="info" showIcon title={text('permissions.builtInHint')} style={{ marginBottom: 16 }} />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ type: 'menu', method: '', sortNo: 0, status: 'enabled', parentId: null, icon: null }}
        onValuesChange={() => setDirty(true)}
        onFinish={save}
        style={{ maxWidth: 720 }}
      >
        <PermissionFields builtIn={builtIn} parents={parents} type={type} />
        <div>
          <Button type="primary" htmlType="submit" loading={saving}>
            {text('permissions.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** The permission's inputs; a built-in entry's parent, type, method and url are read-only. */
function PermissionFields({
  builtIn,
  parents,
  type,
}: {
  builtIn: boolean;
  parents: object[];
  type: FormValues['type'] | undefined;
}) {
  const text = useAccessText();
  return (
    <>
      <Form.Item name="parentId" label={text('permissions.parent')}>
        <TreeSelect
          allowClear
          disabled={builtIn}
          placeholder={text('permissions.noParent')}
          treeData={parents}
          treeDefaultExpandAll={false}
          showSearch
          treeNodeFilterProp="title"
        />
      </Form.Item>
      <Form.Item name="type" label={text('permissions.type')}>
        <Radio.Group
          disabled={builtIn}
          options={[
            { value: 'menu', label: text('permissions.menu') },
            { value: 'resource', label: text('permissions.resource') },
          ]}
        />
      </Form.Item>
      {type === 'resource' && (
        <Form.Item name="method" label={text('permissions.method')} rules={[{ required: true }]}>
          <Select
            disabled={builtIn}
            style={{ width: 160 }}
            options={METHODS.map((m) => ({ value: m, label: m }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="url"
        label={text('permissions.url')}
        extra={text('permissions.urlHint')}
        rules={[{ required: true, pattern: /^(\/|https?:\/\/)\S*$/, message: text('permissions.urlHint') }]}
      >
        <Input disabled={builtIn} maxLength={500} />
      </Form.Item>
      <Space align="start" wrap>
        <Form.Item
          name={['name', 'en']}
          label={text('permissions.nameEn')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={100} style={{ width: 300 }} />
        </Form.Item>
        <Form.Item
          name={['name', 'zh']}
          label={text('permissions.nameZh')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={100} style={{ width: 300 }} />
        </Form.Item>
      </Space>
      <Form.Item
        name="icon"
        label={text('permissions.icon')}
        extra={
          <Link to={ICONS_PATH} target="_blank">
            {text('permissions.iconHint')}
          </Link>
        }
      >
        <Select
          allowClear
          showSearch
          style={{ width: 320 }}
          options={iconNames.map((n) => ({
            value: n,
            label: (
              <Space size={6}>
                {iconOf(n)}
                {n}
              </Space>
            ),
          }))}
          filterOption={(input, option) =>
            String(option?.value ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
        />
      </Form.Item>
      <Space align="start" wrap>
        <Form.Item name="sortNo" label={text('permissions.sortNo')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="status" label={text('permissions.status')}>
          <Radio.Group
            options={[
              { value: 'enabled', label: text('status.enabled') },
              { value: 'disabled', label: text('status.disabled') },
            ]}
          />
        </Form.Item>
      </Space>
    </>
  );
}
