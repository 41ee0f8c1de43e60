import { Table, Tag, Typography } from 'antd';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { EffectiveAccess } from './api';
import { useAccessText } from './messages';

/** What a role (or an account through its roles) opens: everything for root, else its menus and API routes. */
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
