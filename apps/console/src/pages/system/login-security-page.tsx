import { SearchOutlined } from '@ant-design/icons';
import type { Bilingual } from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Drawer, Form, Input, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import {
  ListPageHeader,
  SearchButtons,
  urlPagination,
  useKeywordListQuery,
} from '../../components/keyword-list';
import { type ListColumn, useListColumns } from '../../components/list-columns';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { hasResourcePermission, useSession } from '../../state/session';
import { type SystemTextKey, systemTextsIn, useSystemText } from './config-texts';

// /systemManage/login_security: the lockout state of every login (failed count, locked until) with an unlock
// button, and each account's login history (read from the system log) in a drawer. As on the engine lists, the
// search (keyword, locked only) and the page live in the URL under the list call's names, and the columns follow
// the user's column settings.

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

/** Both languages of a text of this page, for the column settings' labels. */
const both = (key: SystemTextKey): Bilingual => ({
  en: systemTextsIn('en')(key),
  zh: systemTextsIn('zh')(key),
});

/** The list's state in the URL: `keyword`, `locked=true`, `page`, `size`; anything unreadable is ignored. */
function useSecurityQuery() {
  const list = useKeywordListQuery({ maxPage: 10_000, maxSize: 100, flags: ['locked'] });
  const { keyword, page, size, flags } = list.query;
  const query = { keyword, locked: Boolean(flags.locked), page, size };
  const set = ({ locked, ...next }: Partial<typeof query>) =>
    list.set({ ...next, ...(locked === undefined ? {} : { flags: { locked } }) });
  return { query, set };
}

export function LoginSecurityPage({ route }: PageProps) {
  const lang = useLang();
  const t = useSystemText();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const canUnlock = hasResourcePermission({ roles, permissions }, 'POST', '/api/login_security/unlock/:id');
  const { query, set } = useSecurityQuery();
  const [opened, setOpened] = useState<Account | null>(null);
  const [form] = Form.useForm<{ keyword?: string; locked?: boolean }>();
  // the URL is the source: back, reload or a link put its values into the form
  useEffect(() => {
    form.setFieldsValue({ keyword: query.keyword, locked: query.locked });
  }, [form, query.keyword, query.locked]);

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

  const table = useSecurityColumns(canUnlock, unlock, setOpened);

  return (
    <div className="entity-list-page">
      <Card variant="borderless" className="entity-list-card">
        <ListPageHeader
          title={pick(route.title, lang)}
          onReload={() => void accounts.refetch()}
          isLoading={accounts.isFetching}
        >
          {table.button}
        </ListPageHeader>
        <Form
          form={form}
          layout="inline"
          className="entity-search"
          role="search"
          aria-label={t('security.searchForm')}
          name="login-security-search"
          onFinish={(values) =>
            set({ keyword: (values.keyword ?? '').trim(), locked: Boolean(values.locked), page: 1 })
          }
        >
          <Form.Item name="keyword" label={t('security.keyword')}>
            <Input allowClear prefix={<SearchOutlined aria-hidden />} className="entity-search-keyword" />
          </Form.Item>
          <Form.Item name="locked" valuePropName="checked">
            <Checkbox>{t('security.lockedOnly')}</Checkbox>
          </Form.Item>
          <SearchButtons
            searchLabel={t('security.search')}
            resetLabel={t('security.reset')}
            onReset={() => {
              form.resetFields();
              set({ keyword: '', locked: false, page: 1 });
            }}
          />
        </Form>
        <Table<Account>
          rowKey="id"
          className="entity-table"
          aria-label={t('security.accounts')}
          loading={accounts.isFetching}
          dataSource={accounts.data?.list ?? []}
          pagination={urlPagination(query, set, accounts.data?.total ?? 0, (count) =>
            t('security.total', { count }),
          )}
          columns={table.columns}
        />
      </Card>
      <LoginHistory account={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

/** The logins' columns as the user arranged them, then the actions: unlock (a locked login), history. */
function useSecurityColumns(
  canUnlock: boolean,
  unlock: (account: Account) => Promise<void>,
  open: (account: Account) => void,
) {
  const t = useSystemText();
  const columns: ListColumn<Account>[] = [
    { name: 'account', label: both('security.account'), column: { dataIndex: 'account' } },
    { name: 'nickname', label: both('security.nickname'), column: { dataIndex: 'nickname' } },
    {
      name: 'type',
      label: both('security.type'),
      column: {
        render: (_, a) => t(a.type === 'company' ? 'security.type.company' : 'security.type.admin'),
      },
    },
    { name: 'failed', label: both('security.failed'), column: { dataIndex: 'failedLogins', width: 130 } },
    {
      name: 'state',
      label: both('security.state'),
      column: {
        render: (_, a) =>
          a.isLocked ? <Tag color="error">{t('security.locked')}</Tag> : <Tag>{t('security.open')}</Tag>,
      },
    },
    {
      name: 'lockedUntil',
      label: both('security.lockedUntil'),
      column: { render: (_, a) => (a.isLocked ? time(a.lockedUntil) : '') },
    },
    {
      name: 'lastLogin',
      label: both('security.lastLogin'),
      column: { render: (_, a) => time(a.lastLoginAt) },
    },
  ];
  return useListColumns<Account>('login_security', columns, {
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
          onClick={() => open(a)}
        >
          {t('security.history')}
        </Button>
      </Space>
    ),
  });
}

function LoginHistory({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const t = useSystemText();
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
