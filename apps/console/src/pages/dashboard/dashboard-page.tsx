import { ArrowDownOutlined, ArrowUpOutlined, UserOutlined } from '@ant-design/icons';
import { company, joinPath } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  Progress,
  Row,
  Segmented,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loadECharts } from '../../components/load-echarts';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import { MenuIcon } from '../../layout/menu-icon';
import type { PageProps } from '../../navigation/page-props';
import { useVisibleRoutes } from '../../navigation/visible-routes-context';
import { fileUrl, useSession } from '../../state/session';
import { dashboardCharts, dashboardQuery, loadCharts } from './dashboard-ahead';
import type { DashboardData } from './dashboard-charts';
import { type DashboardTextKey, useDashboardText } from './messages';
import './dashboard-page.css';

// The dashboard: who is signed in, the work waiting for them (each a link to the filtered list), today's and
// the period's key figures with their change, the charts (their code and ECharts fetched beside the figures, not in the first paint's code),
// a supplier's own company, and shortcuts to the person's pages. What the person may not see the server leaves
// out; the period is in the URL (`periodFrom`, `periodTo`).

// rendered at once when its code is already there (fetched ahead with the figures), else lazily
const DashboardCharts = dashboardCharts.Component;

const PERIODS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

type Figures = NonNullable<DashboardData['figures']>['today'];
type FigureKey = 'visits' | 'uniqueVisitors' | 'newUsers' | 'consults' | 'replyRate';

function Welcome() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const prefix = useSession((s) => s.urlPrefix);
  const name = user?.nickname || user?.account || '';
  return (
    <Card className="dashboard-welcome" variant="borderless" size="small">
      <div className="dashboard-user">
        <Avatar
          size={48}
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
  );
}

function WaitingWork({ cards }: { cards: DashboardData['waiting'] }) {
  const t = useDashboardText();
  return (
    <section aria-labelledby="dashboard-waiting">
      <h2 id="dashboard-waiting" className="dashboard-section-title">
        {t('waiting.title')}
      </h2>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.kind} xs={12} md={8} xl={{ flex: '20%' }}>
            <Link to={card.link} className="dashboard-waiting" data-kind={card.kind}>
              <span className="dashboard-waiting-label">{t(`waiting.${card.kind}`)}</span>{' '}
              <span className={`dashboard-waiting-count${card.count > 0 ? ' is-busy' : ''}`}>
                {card.count}
              </span>
            </Link>
          </Col>
        ))}
      </Row>
    </section>
  );
}

/** A change against the figure before: up or down in colour, with its words for a screen reader. */
function Change({
  now,
  before,
  label,
  rate,
}: {
  now: number | null;
  before: number | null;
  label: string;
  rate?: boolean;
}) {
  const t = useDashboardText();
  const lang = useLang();
  if (now === null || before === null) return <span className="dashboard-change">—</span>;
  const diff = rate
    ? Math.round((now - before) * 10) / 10
    : before > 0
      ? Math.round(((now - before) * 1000) / before) / 10
      : null;
  if (diff === null) return <span className="dashboard-change">—</span>;
  const value = rate
    ? t('figures.points', { value: Math.abs(diff).toLocaleString(lang) })
    : `${Math.abs(diff).toLocaleString(lang)} %`;
  const direction = diff > 0 ? 'up' : diff < 0 ? 'down' : 'none';
  // the arrow is for the eye; a screen reader hears the direction in words
  return (
    <span className={`dashboard-change is-${direction}`} data-change={direction}>
      {direction === 'none' ? (
        t('figures.noChange')
      ) : (
        <>
          <span aria-hidden="true">{direction === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}</span>
          <span className="app-visually-hidden">
            {t(direction === 'up' ? 'figures.up' : 'figures.down', { value })}
          </span>
          <span aria-hidden="true"> {value}</span>
        </>
      )}{' '}
      <span className="dashboard-change-label">{label}</span>
    </span>
  );
}

function FigureCard({ name, figures }: { name: FigureKey; figures: NonNullable<DashboardData['figures']> }) {
  const t = useDashboardText();
  const lang = useLang();
  const rate = name === 'replyRate';
  const show = (f: Figures) => {
    const v = f[name];
    return v === null ? '—' : rate ? `${v.toLocaleString(lang)} %` : v.toLocaleString(lang);
  };
  return (
    <Col xs={12} md={8} xl={{ flex: '20%' }}>
      <Card size="small" variant="borderless" className="dashboard-figure" data-figure={name}>
        <h3 className="dashboard-card-title">{t(`figures.${name}` as DashboardTextKey)}</h3>
        <div className="dashboard-figure-value">{show(figures.today)}</div>
        <Change
          now={figures.today[name]}
          before={figures.yesterday[name]}
          label={t('figures.vsYesterday')}
          rate={rate}
        />
        <div className="dashboard-figure-period">
          <Typography.Text type="secondary">{t('figures.period')}</Typography.Text>{' '}
          <strong>{show(figures.period)}</strong>
        </div>
        <Change
          now={figures.period[name]}
          before={figures.previous[name]}
          label={t('figures.vsPrevious')}
          rate={rate}
        />
      </Card>
    </Col>
  );
}

function KeyFigures({ data, onPeriod }: { data: DashboardData; onPeriod: (days: number) => void }) {
  const t = useDashboardText();
  const { figures, shown, period } = data;
  const names: FigureKey[] = [
    ...(shown.visits ? (['visits', 'uniqueVisitors'] as const) : []),
    ...(shown.newUsers ? (['newUsers'] as const) : []),
    ...(shown.consults ? (['consults', 'replyRate'] as const) : []),
  ];
  const current =
    period.to === data.today && (PERIODS as readonly number[]).includes(period.days) ? period.days : null;
  return (
    <section aria-labelledby="dashboard-figures">
      <div className="dashboard-section-head">
        <h2 id="dashboard-figures" className="dashboard-section-title">
          {t('figures.title')}
        </h2>
        <Typography.Text type="secondary">
          {t('figures.periodRange', { from: period.from, to: period.to })}
        </Typography.Text>
        <Segmented
          size="small"
          aria-label={t('figures.period')}
          value={current ?? undefined}
          onChange={(v) => onPeriod(Number(v))}
          options={PERIODS.map((n) => ({ value: n, label: t('figures.lastDays', { n }) }))}
        />
      </div>
      {figures && names.length > 0 ? (
        <Row gutter={[16, 16]}>
          {names.map((name) => (
            <FigureCard key={name} name={name} figures={figures} />
          ))}
        </Row>
      ) : (
        <Card size="small" variant="borderless">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('figures.none')} />
        </Card>
      )}
    </section>
  );
}

function OwnCompany({ own }: { own: NonNullable<DashboardData['company']> }) {
  const t = useDashboardText();
  const lang = useLang();
  const audit = company.fields.auditStatus;
  const option = audit?.kind === 'enum' ? audit.options.find((o) => o.value === own.auditStatus) : undefined;
  const percent = own.requiredFields > 0 ? Math.round((own.filledFields * 100) / own.requiredFields) : 100;
  return (
    <section aria-labelledby="dashboard-company">
      <h2 id="dashboard-company" className="dashboard-section-title">
        {t('company.title')}
      </h2>
      <Card
        size="small"
        variant="borderless"
        className="dashboard-company"
        title={<h3 className="dashboard-card-title">{own.name}</h3>}
        extra={<Link to={`/company/supplier/company_edit/${own.id}`}>{t('company.edit')}</Link>}
      >
        <Row gutter={[24, 16]}>
          <Col xs={24} md={8}>
            <div className="dashboard-company-line">
              <Typography.Text type="secondary">{t('company.audit')}</Typography.Text>
              <Tag color={option?.color ?? 'default'}>
                {option ? pick(option.label, lang) : own.auditStatus}
              </Tag>
            </div>
            {own.auditReason && (
              <Typography.Paragraph type="secondary">
                {t('company.reason', { reason: own.auditReason })}
              </Typography.Paragraph>
            )}
            <div className="dashboard-company-line">
              <Typography.Text type="secondary">{t('company.completeness')}</Typography.Text>
              <Progress
                aria-label={t('company.completeness')}
                percent={percent}
                size="small"
                status={own.complete ? 'success' : 'normal'}
              />
            </div>
            <Typography.Text type="secondary">
              {t('company.fields', { filled: own.filledFields, required: own.requiredFields })}
            </Typography.Text>
          </Col>
          <Col xs={24} md={16}>
            <h4 className="dashboard-card-title">{t('company.quotas', { month: own.quotaPeriod })}</h4>
            <ul className="dashboard-quotas">
              {own.quotas.map((q) => {
                const field = company.fields[`${q.key}Limit`];
                return (
                  <li key={q.key}>
                    <span>{field ? pick(field.label, lang) : q.key}</span>
                    <span>
                      {t('company.used', {
                        used: q.used,
                        limit: q.limit === null ? t('company.unlimited') : q.limit,
                      })}
                    </span>
                    {q.limit !== null && q.limit > 0 && (
                      <Progress
                        aria-label={field ? pick(field.label, lang) : q.key}
                        percent={Math.min(100, Math.round((q.used * 100) / q.limit))}
                        size="small"
                        showInfo={false}
                        status={q.used >= q.limit ? 'exception' : 'normal'}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          </Col>
        </Row>
      </Card>
    </section>
  );
}

function Shortcuts() {
  const { t } = useTranslation();
  const lang = useLang();
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
  return (
    <section aria-labelledby="dashboard-shortcuts">
      <h2 id="dashboard-shortcuts" className="dashboard-section-title">
        {t('dashboard.shortcuts')}
      </h2>
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
    </section>
  );
}

export function DashboardPage({ route }: PageProps) {
  const lang = useLang();
  const t = useDashboardText();
  const [search, setSearch] = useSearchParams();
  const dashboard = useQuery(dashboardQuery(search));
  // reached from another screen: the charts' code and ECharts load while the figures are on their way, instead of
  // after them (a cold load of the dashboard has asked for both already)
  useEffect(() => {
    loadCharts().catch(() => undefined);
    loadECharts().catch(() => undefined);
  }, []);
  const data = dashboard.data;
  const choosePeriod = (days: number) => {
    if (!data) return;
    const next = new URLSearchParams(search);
    next.set('periodFrom', daysBefore(data.today, days - 1));
    next.set('periodTo', data.today);
    setSearch(next, { replace: true });
  };
  return (
    <div className="dashboard">
      <h1 className="app-visually-hidden">{pick(route.title, lang)}</h1>
      <Welcome />
      {dashboard.isError && !data && (
        <Alert
          type="warning"
          showIcon
          title={t('error.load')}
          action={
            <Button size="small" onClick={() => void dashboard.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      )}
      {!data && dashboard.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {data && (
        <>
          {data.waiting.length > 0 && <WaitingWork cards={data.waiting} />}
          {data.company && <OwnCompany own={data.company} />}
          {data.figures && <KeyFigures data={data} onPeriod={choosePeriod} />}
          {data.figures && (
            <section aria-labelledby="dashboard-charts">
              <h2 id="dashboard-charts" className="dashboard-section-title">
                {t('charts.title')}
              </h2>
              <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                <DashboardCharts data={data} />
              </Suspense>
            </section>
          )}
        </>
      )}
      <Shortcuts />
    </div>
  );
}
