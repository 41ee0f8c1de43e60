import { UserOutlined } from '@ant-design/icons';
import { joinPath } from '@organiser/domain';
import { Avatar, Card, Col, Empty, Row, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { MenuIcon } from '../../layout/menu-icon';
import type { PageProps } from '../../navigation/page-props';
import { useVisibleRoutes } from '../../navigation/visible-routes-context';
import { fileUrl, useSession } from '../../state/session';
import './dashboard-page.css';

/** First dashboard: who is signed in, with which roles, and shortcuts to their pages. */
export function DashboardPage({ route }: PageProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession((s) => s.user);
  const prefix = useSession((s) => s.urlPrefix);
  const { tree } = useVisibleRoutes();

  const groups = useMemo(
    () =>
      tree
        .filter((node) => !node.hidden && node.children?.some((c) => !c.hidden))
        .map((node) => ({
          key: node.path,
          title: pick(node.title, lang),
          icon: node.icon,
          pages: (node.children ?? [])
            .filter((c) => !c.hidden)
            .map((c) => ({ path: joinPath(node.path, c.path), title: pick(c.title, lang) })),
        })),
    [tree, lang],
  );

  const name = user?.nickname || user?.account || '';
  return (
    <div className="dashboard">
      <h1 className="app-visually-hidden">{pick(route.title, lang)}</h1>
      <Card className="dashboard-welcome" variant="borderless">
        <div className="dashboard-user">
          <Avatar
            size={56}
            shape="square"
            src={fileUrl(user?.avatar, prefix) || undefined}
            icon={<UserOutlined />}
            alt=""
          />
          <div>
            <h2 className="dashboard-greeting">{t('dashboard.welcome', { name })}</h2>
            <div className="dashboard-meta">
              <Typography.Text type="secondary">
                {t('common.labelled', { label: t('dashboard.account') })}
                {user?.account}
              </Typography.Text>
              <span>
                <Typography.Text type="secondary">
                  {t('common.labelled', { label: t('dashboard.roles') })}
                </Typography.Text>
                {user?.roles.map((role) => (
                  <Tag key={role} color="blue">
                    {role}
                  </Tag>
                ))}
              </span>
            </div>
          </div>
        </div>
      </Card>
      <h2 className="dashboard-section-title">{t('dashboard.shortcuts')}</h2>
      {groups.length === 0 ? (
        <Card variant="borderless">
          <Empty description={t('dashboard.noShortcuts')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((group) => (
            <Col key={group.key} xs={24} sm={12} lg={8} xxl={6}>
              <Card
                size="small"
                variant="borderless"
                className="dashboard-group"
                title={
                  <span className="dashboard-group-title">
                    <MenuIcon name={group.icon} />
                    <span>{group.title}</span>
                  </span>
                }
              >
                <ul className="dashboard-links">
                  {group.pages.map((page) => (
                    <li key={page.path}>
                      <Link to={page.path}>{page.title}</Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
