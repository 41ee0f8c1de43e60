import type { EntityRecord, ImportReport } from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, Modal, Select, Space, Table, Typography, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { callApi, operationPath } from '../../api/call';
import { ignoreShownError, upload } from '../../api/client';
import { entityKeys } from '../../api/query-keys';
import {
  EntityForm,
  EntityList,
  EntityListPage,
  type FormSlots,
  type ListSlots,
  type SlotContext,
} from '../../engine';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { hasMenuPermission, hasResourcePermission, useSession } from '../../state/session';
import { AccessSummary } from '../access/access-summary';
import { accessApi } from '../access/api';
import { PointsSection } from '../points/points-section';
import { type UserTextKey, useUserText } from './messages';

// The account screens: the user list and form (/user), the staff list and edit page (/adminManage) over the
// same records, with the account calls as row actions, toolbar items and form sections.

const API = '/api/user_manager';
type RoleRow = {
  id: number;
  name: string;
  code: string;
  status: string;
  assigned: boolean;
  assignable: boolean;
};
type SessionRow = { id: string; ip: string; userAgent: string; lastSeenAt: string; isCurrent: boolean };
type Checked = ImportReport & { handle: string };

const isStaff = (record: EntityRecord | null) => record?.type === 'admin' || record?.type === 'company';

/** Whether the user may call an account route (method + its url pattern under /api). */
function useCan() {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  return useCallback(
    (method: string, path: string) => hasResourcePermission({ roles, permissions }, method, `${API}${path}`),
    [roles, permissions],
  );
}

/** After an account call: each is a write of the account (a new version and a history entry), so the record,
 * its history and the lists are read again, and a save of the edit form goes with the new version. */
function useAccountChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: entityKeys.all('user_manager') });
}

/** Reset password: a confirm, then the new password shown once with a copy button (or "mailed"). */
function useResetPassword() {
  const t = useUserText();
  const { modal } = App.useApp();
  const changed = useAccountChanged();
  return (record: EntityRecord) =>
    modal.confirm({
      title: t('reset.action'),
      content: t('reset.confirm', { account: String(record.account) }),
      onOk: async () => {
        const res = await callApi('user_manager_reset_password', { params: { id: record.id } }).catch(
          ignoreShownError,
        );
        if (!res) return;
        changed();
        modal.info({
          title: t('reset.title'),
          content: res.content.password ? (
            <div>
              <Typography.Paragraph copyable={{ text: res.content.password }} data-testid="new-password">
                <Typography.Text code>{res.content.password}</Typography.Text>
              </Typography.Paragraph>
              <Typography.Text type="secondary">{t('reset.shownOnce')}</Typography.Text>
            </div>
          ) : (
            t('reset.mailed')
          ),
        });
      },
    });
}

function useSendActivation() {
  const t = useUserText();
  const { message } = App.useApp();
  const changed = useAccountChanged();
  return async (record: EntityRecord) => {
    const res = await callApi('user_manager_send_activation_mail', { params: { id: record.id } }).catch(
      ignoreShownError,
    );
    if (!res) return;
    changed();
    message.success(t('activation.sent'));
  };
}

function useAccountRowActions() {
  const t = useUserText();
  const can = useCan();
  const reset = useResetPassword();
  const activate = useSendActivation();
  return (record: EntityRecord) => [
    ...(can('POST', '/reset_password/:id')
      ? [{ key: 'resetPassword', label: t('reset.action'), onClick: () => reset(record) }]
      : []),
    ...(can('POST', '/send_active_email/:id') && record.email
      ? [{ key: 'sendActivation', label: t('activation.action'), onClick: () => void activate(record) }]
      : []),
  ];
}

/** Import: upload a file (checked, nothing written), read the per-row report, then import the valid rows. */
function ImportUsersButton({ ctx }: { ctx: SlotContext }) {
  const t = useUserText();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const labelOf = (path: string) => {
    const field = ctx.meta.def.fields[path];
    return field ? field.label[ctx.meta.lang] : path;
  };
  const problems = (checked?.rows ?? []).flatMap((r) =>
    r.errors.map((e, i) => ({
      key: `${r.row}:${i}`,
      row: r.row,
      field: labelOf(e.path),
      message: e.message,
    })),
  );
  const confirm = async () => {
    if (!checked) return;
    setBusy(true);
    const res = await callApi('user_manager_import_confirm', { body: { handle: checked.handle } }).catch(
      ignoreShownError,
    );
    setBusy(false);
    if (!res) return;
    message.success(t('import.done', { created: res.content.created, updated: res.content.updated }));
    setOpen(false);
    setChecked(null);
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(ctx.meta.def.name) });
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('import.action')}</Button>
      <Modal
        open={open}
        title={t('import.title')}
        width={720}
        onCancel={() => {
          setOpen(false);
          setChecked(null);
        }}
        footer={
          <Button type="primary" disabled={!checked || checked.valid === 0} loading={busy} onClick={confirm}>
            {t('import.confirm', { count: checked?.valid ?? 0 })}
          </Button>
        }
      >
        <Upload
          accept=".xlsx,.csv"
          maxCount={1}
          showUploadList={false}
          customRequest={async ({ file }) => {
            setBusy(true);
            const res = await upload<Checked>(operationPath('user_manager_import_check'), file as Blob).catch(
              ignoreShownError,
            );
            setBusy(false);
            if (res) setChecked(res.content);
          }}
        >
          <Button loading={busy}>{t('import.pick')}</Button>
        </Upload>
        {checked && (
          <div className="users-import-report">
            <Typography.Paragraph data-testid="import-summary">
              {t('import.summary', { total: checked.total, valid: checked.valid, invalid: checked.invalid })}
            </Typography.Paragraph>
            {problems.length > 0 && (
              <Table
                size="small"
                rowKey="key"
                pagination={{ pageSize: 10 }}
                dataSource={problems}
                columns={[
                  { title: t('import.row'), dataIndex: 'row', width: 80 },
                  { title: t('import.field'), dataIndex: 'field', width: 160 },
                  { title: t('import.message'), dataIndex: 'message' },
                ]}
              />
            )}
          </div>
        )}
      </Modal>
    </>
  );
}

function useListSlots(extra: Partial<ListSlots> = {}): ListSlots {
  const can = useCan();
  const rowActions = useAccountRowActions();
  return {
    ...extra,
    toolbar: (ctx) =>
      can('POST', '/upload') && can('POST', '/import') ? <ImportUsersButton ctx={ctx} /> : null,
    rowActions: (record) => rowActions(record),
  };
}

export function UserListPage(props: PageProps) {
  return <EntityListPage {...props} slots={useListSlots()} />;
}

const ADMIN_FILTERS = { type: 'admin' };
const ADMIN_COLUMNS = ['id', 'account', 'type', 'nickname', 'email', 'mobile', 'lastLoginTime', 'status'];

/** The staff accounts: the same screen over `list_admin`, rows opening the admin edit page. */
export function AdminListPage({ route }: PageProps) {
  const slots = useListSlots({
    listPath: '/user_manager/list_admin',
    exportPath: '/user_manager/export_admin',
    editPath: '/adminManage/admin/admin_edit/:id',
    // organiser staff first (supplier logins are one filter away); no buyer columns (points, membership)
    defaultFilters: ADMIN_FILTERS,
    defaultColumns: ADMIN_COLUMNS,
  });
  return <EntityList entity="user_manager" title={route.title} slots={slots} />;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card size="small" title={title} className="users-section" style={{ marginTop: 16 }}>
      {children}
    </Card>
  );
}

function InterestsSection({ record }: { record: EntityRecord }) {
  const t = useUserText();
  const can = useCan();
  const { message } = App.useApp();
  const changed = useAccountChanged();
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    void callApi('user_manager_get_user_interest', { params: { id: record.id } })
      .then((res) => setIds(res.content.categoryIds.map(String)))
      .catch(ignoreShownError);
  }, [record.id]);
  const save = async () => {
    const categoryIds = ids.map(Number).filter((n) => Number.isInteger(n) && n > 0);
    const res = await callApi('user_manager_set_interests', {
      params: { id: record.id },
      body: { categoryIds },
    }).catch(ignoreShownError);
    if (!res) return;
    changed();
    message.success(t('interests.saved'));
  };
  return (
    <Section title={t('interests.title')}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          mode="tags"
          value={ids}
          onChange={setIds}
          placeholder={t('interests.help')}
          style={{ width: '100%' }}
          aria-label={t('interests.title')}
        />
        {can('POST', '/update_user_interest/:id') && <Button onClick={save}>{t('interests.save')}</Button>}
      </Space.Compact>
    </Section>
  );
}

function RolesSection({ record }: { record: EntityRecord }) {
  const t = useUserText();
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const changed = useAccountChanged();
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => {
    void callApi('role_list_by_user', { body: { userId: record.id } })
      .then((res) => {
        setRoles(res.content);
        setPicked(res.content.filter((r) => r.assigned).map((r) => r.id));
      })
      .catch(ignoreShownError);
  }, [record.id]);
  const save = async () => {
    const res = await callApi('user_manager_assign_roles', {
      params: { id: record.id },
      body: { ids: picked },
    }).catch(ignoreShownError);
    if (!res) return;
    message.success(t('roles.saved'));
    changed();
    // what the account may open follows its roles
    void queryClient.invalidateQueries({ queryKey: ['accountAccess'] });
  };
  return (
    <Section title={t('roles.title')}>
      <Checkbox.Group
        value={picked}
        onChange={(v) => setPicked(v as number[])}
        options={roles.map((r) => ({
          value: r.id,
          label: `${r.name} (${r.code})`,
          // the server says which roles this caller may give or take on this account
          disabled: !r.assignable,
        }))}
      />
      {can('POST', '/config/:id') && (
        <div style={{ marginTop: 12 }}>
          <Button onClick={save}>{t('roles.save')}</Button>
        </div>
      )}
    </Section>
  );
}

/** What the account's login may open through its roles (for whoever manages roles). */
function AccessSection({ record }: { record: EntityRecord }) {
  const t = useUserText();
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const loginId = typeof record.loginId === 'number' ? record.loginId : null;
  const mayRead = hasMenuPermission({ roles, permissions }, '/adminManage/role_list');
  const access = useQuery({
    queryKey: ['accountAccess', loginId],
    queryFn: ({ signal }) => accessApi.accountAccess(loginId!, signal),
    enabled: mayRead && loginId !== null,
  });
  if (!access.data) return null;
  return (
    <Section title={t('access.title')}>
      <AccessSummary access={access.data} />
    </Section>
  );
}

function SessionsSection({ record }: { record: EntityRecord }) {
  const t = useUserText();
  const lang = useLang();
  const can = useCan();
  const changed = useAccountChanged();
  const [rows, setRows] = useState<SessionRow[] | null>(null);
  const load = useCallback(() => {
    void callApi('user_manager_sessions', { params: { id: record.id } })
      .then((res) => setRows(res.content))
      .catch(ignoreShownError);
  }, [record.id]);
  useEffect(load, [load]);
  const revoke = async (sessionId: string) => {
    const res = await callApi('user_manager_revoke_session', {
      params: { id: record.id },
      body: { sessionId },
    }).catch(ignoreShownError);
    if (!res) return;
    changed();
    load();
  };
  return (
    <Section title={t('sessions.title')}>
      {rows && rows.length === 0 ? (
        <Empty description={t('sessions.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows ?? []}
          columns={[
            { title: t('sessions.device'), dataIndex: 'userAgent', ellipsis: true },
            { title: t('sessions.address'), dataIndex: 'ip', width: 140 },
            {
              title: t('sessions.lastSeen'),
              dataIndex: 'lastSeenAt',
              width: 180,
              render: (v: string) => new Date(v).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB'),
            },
            {
              title: '',
              key: 'revoke',
              width: 120,
              render: (_: unknown, row: SessionRow) =>
                can('POST', '/revoke_session/:id') && !row.isCurrent ? (
                  <Button size="small" danger onClick={() => void revoke(row.id)}>
                    {t('sessions.revoke')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </Section>
  );
}

function useFormSlots(): FormSlots {
  const t = useUserText();
  const can = useCan();
  const reset = useResetPassword();
  const activate = useSendActivation();
  return {
    sections: (record) =>
      record ? (
        <>
          <InterestsSection record={record} />
          {!isStaff(record) && <PointsSection record={record} />}
          {isStaff(record) && <RolesSection record={record} />}
          {isStaff(record) && <SessionsSection record={record} />}
          {isStaff(record) && <AccessSection record={record} />}
        </>
      ) : null,
    footer: (record) =>
      record ? (
        <>
          {can('POST', '/reset_password/:id') && (
            <Button onClick={() => reset(record)}>{t('reset.action')}</Button>
          )}
          {can('POST', '/send_active_email/:id') && Boolean(record.email) && (
            <Button onClick={() => void activate(record)}>{t('activation.action')}</Button>
          )}
        </>
      ) : null,
  };
}

export function UserFormPage({ route, params }: PageProps) {
  const slots = useFormSlots();
  const view = route.view;
  const isEdit = view?.kind === 'entity-form' && view.mode === 'edit';
  return (
    <EntityForm
      key={`user_manager:${params.id ?? 'new'}`}
      entity="user_manager"
      id={isEdit ? params.id : undefined}
      title={route.title}
      slots={slots}
    />
  );
}

/** /adminManage/admin/admin_edit/{id}: a staff account with its roles, status, password and sessions. */
export function AdminEditPage({ route, params }: PageProps) {
  const slots = useFormSlots();
  return (
    <EntityForm
      key={`user_manager:${params.id}`}
      entity="user_manager"
      id={params.id}
      title={route.title}
      slots={slots}
    />
  );
}

export type { UserTextKey };
