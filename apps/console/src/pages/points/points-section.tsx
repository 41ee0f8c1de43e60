import {
  type EntityRecord,
  type LEDGER_ACTIONS,
  POINT_ACTION_LABELS,
  type PointAction,
} from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, InputNumber, Modal, Table } from 'antd';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import { entityKeys } from '../../api/query-keys';
import { useLang } from '../../i18n/use-lang';
import { hasMenuPermission, hasResourcePermission, useSession } from '../../state/session';
import { usePointsText } from './messages';

// The points section of a marketplace user's edit screen (a section slot of the user form): the points and the
// membership level, the ledger page by page, and the staff adjustment with its reason.

type Entry = {
  id: number;
  action: (typeof LEDGER_ACTIONS)[number];
  points: number;
  balance: number | null;
  eventId: string | null;
  reason: string | null;
  createdAt: string;
};

const PAGE_SIZE = 10;

function AdjustButton({ record }: { record: EntityRecord }) {
  const t = usePointsText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const submit = async () => {
    // sent as filled in: the server names a missing or bad value on its field
    const body = form.getFieldsValue() as { points: number; reason: string };
    const res = await callApi('user_manager_adjust_points', { params: { id: record.id }, body }).catch(
      ignoreShownError,
    );
    if (!res) return;
    if (!res.success) {
      const errors = (res.content as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
      form.setFields(errors.map((e) => ({ name: e.path as never, errors: [e.message] })));
      return;
    }
    message.success(t('adjust.done'));
    setOpen(false);
    form.resetFields();
    await queryClient.invalidateQueries({ queryKey: entityKeys.all('user_manager') });
    await queryClient.invalidateQueries({ queryKey: ['pointsLedger', record.id] });
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('adjust.action')}</Button>
      <Modal
        open={open}
        title={t('adjust.action')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="points" label={t('adjust.points')} required>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label={t('adjust.reason')} required>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export function PointsSection({ record }: { record: EntityRecord }) {
  const t = usePointsText();
  const lang = useLang();
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const [page, setPage] = useState(1);
  const mayRead = hasMenuPermission({ roles, permissions }, '/user/user_list');
  const mayAdjust = hasResourcePermission(
    { roles, permissions },
    'POST',
    '/api/user_manager/adjust_points/:id',
  );
  const ledger = useQuery({
    queryKey: ['pointsLedger', record.id, page],
    queryFn: async () =>
      (
        await callApi('user_point_ledger_list', {
          query: { userId: record.id, page, size: PAGE_SIZE, sort: 'createdAt', order: 'desc' },
        })
      ).content as { list: Entry[]; total: number },
    enabled: mayRead,
  });
  const actionLabel = (a: Entry['action']) =>
    a === 'adjust' ? t('adjust.action') : (POINT_ACTION_LABELS[a as PointAction]?.[lang] ?? a);
  const level = record.levelIdLabel as { en?: string; zh?: string } | string | null | undefined;
  const levelText =
    level == null ? t('points.noLevel') : typeof level === 'string' ? level : (level[lang] ?? '');
  return (
    <Card
      title={t('points.title')}
      extra={mayAdjust ? <AdjustButton record={record} /> : null}
      style={{ marginTop: 16 }}
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('points.balance')}>
          <span data-testid="user-points">{String(record.points ?? 0)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('points.level')}>
          <span data-testid="user-level">{levelText}</span>
        </Descriptions.Item>
      </Descriptions>
      <Table<Entry>
        size="small"
        rowKey="id"
        loading={ledger.isLoading}
        dataSource={ledger.data?.list ?? []}
        locale={{ emptyText: t('points.none') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: ledger.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('points.time'),
            dataIndex: 'createdAt',
            width: 180,
            render: (v: string) => new Date(v).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB'),
          },
          { title: t('points.action'), dataIndex: 'action', width: 180, render: actionLabel },
          {
            title: t('points.change'),
            dataIndex: 'points',
            width: 90,
            render: (v: number) => (v > 0 ? `+${v}` : String(v)),
          },
          { title: t('points.after'), dataIndex: 'balance', width: 90 },
          { title: t('points.reason'), dataIndex: 'reason', ellipsis: true },
        ]}
      />
    </Card>
  );
}
