import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Drawer, Form, Input, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { useTextSet } from '../../messages';
import type { PageProps } from '../../navigation/page-props';
import { hasResourcePermission, useSession } from '../../state/session';
import { systemTexts } from './config-texts';

// /systemManage/login_security: the lockout state of every login (failed count, locked until) with an unlock
// button, and each account's login history (read from the system log) in a drawer.

type Account = {
  id: number;
  account: string;
  nickname: string;
  type: 'admin' | 'company';
  failedLogins: number;
  lockedUntil: string | null;
  isLocked: boolean;
  lastLoginAt: string | null;
};
type Attempt = { id: number; success: boolean; ip: string; errorMessage: string | null; time: string };
type PageOf<T> = { list: T[]; total: number; page: number; size: number };

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '');

export function LoginSecurityPage({ route }: PageProps) {
  const lang = useLang();
  const t = useTextSet(systemTexts);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const canUnlock = hasResourcePermission({ roles, permissions }, 'POST', '/api/login_security/unlock/:id');
  const [query, setQuery] = useState({ keyword: '', locked: false, page: 1, size: 20 });
  const [opened, setOpened] = useState<Account | null>(null);

  const accounts = useQuery({
    queryKey: ['login-security', query],
    queryFn: async () =>
      (
        await callApi('login_security_list', {
          query: {
            page: query.page,
            size: query.size,
            keyword: query.keyword || undefined,
            locked: query.locked ? 'true' : undefined,
          },
        })
      ).content as PageOf<Account>,
  });

  const unlock = async (account: Account) => {
    const res = await callApi('login_security_unlock', { params: { id: account.id } }).catch(
      ignoreShownError,
    );
    if (!res?.success) return;
    message.success(t('security.unlocked', { account: account.account }));
    await queryClient.invalidateQueries({ queryKey: ['login-security'] });
  };

  return (
    <div className="entity-list-page">
      <Card variant="borderless" className="entity-list-card">
        <header className="entity-page-header">
          <h1 className="app-page-title">{pick(route.title, lang)}</h1>
        </header>
        <Form
          layout="inline"
          className="entity-search"
          role="search"
          name="login-security-search"
          onFinish={(values: { keyword?: string; locked?: boolean }) =>
            setQuery({
              ...query,
              keyword: (values.keyword ?? '').trim(),
              locked: Boolean(values.locked),
              page: 1,
            })
          }
        >
          <Form.Item name="keyword" label={t('security.keyword')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="locked" valuePropName="checked">
            <Checkbox>{t('security.lockedOnly')}</Checkbox>
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('security.search')}
            </Button>
          </Form.Item>
        </Form>
        <Table<Account>
          rowKey="id"
          className="entity-table"
          aria-label={t('security.accounts')}
          loading={accounts.isFetching}
          dataSource={accounts.data?.list ?? []}
          pagination={{
            current: query.page,
            pageSize: query.size,
            total: accounts.data?.total ?? 0,
            showTotal: (count) => t('security.total', { count }),
            onChange: (page, size) => setQuery({ ...query, page, size }),
          }}
          columns={[
            { key: 'account', title: t('security.account'), dataIndex: 'account' },
            { key: 'nickname', title: t('security.nickname'), dataIndex: 'nickname' },
            {
              key: 'type',
              title: t('security.type'),
              render: (_, a) => t(a.type === 'company' ? 'security.type.company' : 'security.type.admin'),
            },
            { key: 'failed', title: t('security.failed'), dataIndex: 'failedLogins', width: 130 },
            {
              key: 'state',
              title: t('security.state'),
              render: (_, a) =>
                a.isLocked ? (
                  <Tag color="error">{t('security.locked')}</Tag>
                ) : (
                  <Tag>{t('security.open')}</Tag>
                ),
            },
            {
              key: 'lockedUntil',
              title: t('security.lockedUntil'),
              render: (_, a) => (a.isLocked ? time(a.lockedUntil) : ''),
            },
            { key: 'lastLogin', title: t('security.lastLogin'), render: (_, a) => time(a.lastLoginAt) },
            {
              key: 'actions',
              title: t('security.actions'),
              render: (_, a) => (
                <Space size={4}>
                  {canUnlock && a.isLocked && (
                    <Button
                      type="link"
                      size="small"
                      aria-label={t('security.unlockOf', { account: a.account })}
                      onClick={() => void unlock(a)}
                    >
                      {t('security.unlock')}
                    </Button>
                  )}
                  <Button
                    type="link"
                    size="small"
                    aria-label={t('security.historyOf', { account: a.account })}
                    onClick={() => setOpened(a)}
                  >
                    {t('security.history')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <LoginHistory account={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

function LoginHistory({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const t = useTextSet(systemTexts);
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['login-security', 'history', account?.id, page],
    enabled: Boolean(account),
    queryFn: async () =>
      (
        await callApi('login_security_history', {
          params: { id: account!.id },
          query: { page, size: 20 },
        })
      ).content as PageOf<Attempt>,
  });
  return (
    <Drawer
      open={Boolean(account)}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      size={720}
      title={account ? t('security.historyOf', { account: account.account }) : ''}
      destroyOnHidden
    >
      <Table<Attempt>
        rowKey="id"
        size="small"
        aria-label={t('security.history')}
        loading={history.isFetching}
        dataSource={history.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: history.data?.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          { key: 'time', title: t('security.time'), render: (_, r) => time(r.time), width: 180 },
          {
            key: 'result',
            title: t('security.result'),
            render: (_, r) =>
              r.success ? (
                <Tag color="success">{t('security.success')}</Tag>
              ) : (
                <Tag color="error">{t('security.failure')}</Tag>
              ),
          },
          { key: 'ip', title: t('security.ip'), dataIndex: 'ip' },
          { key: 'reason', title: t('security.reason'), dataIndex: 'errorMessage' },
        ]}
      />
    </Drawer>
  );
}
