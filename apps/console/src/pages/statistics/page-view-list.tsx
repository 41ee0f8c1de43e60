import { supplierStatistics } from '@organiser/domain';
import { Button, Drawer, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import { type ReportRow, ReportScreen } from '../../engine';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useStatisticsText } from './messages';
import { TrendChart, type TrendDay } from './trend-chart';

// /conduct_statistical/page_view_list: the supplier statistics report (the engine's report screen: period,
// filters, server-side sort and pages, export) with a Trend button on each row opening that company's days
// over the same period as a chart.

type Opened = { companyId: number; companyName: string };

function TrendDrawer({ opened, onClose }: { opened: Opened | null; onClose: () => void }) {
  const t = useStatisticsText();
  const [searchParams] = useSearchParams();
  const periodFrom = searchParams.get('periodFrom') ?? undefined;
  const periodTo = searchParams.get('periodTo') ?? undefined;
  const [trend, setTrend] = useState<{ from: string; to: string; days: TrendDay[] } | null>(null);
  useEffect(() => {
    setTrend(null);
    if (!opened) return;
    void callApi('pageViewTrend', { query: { companyId: opened.companyId, periodFrom, periodTo } })
      .then((res) => setTrend(res.content as { from: string; to: string; days: TrendDay[] }))
      .catch(ignoreShownError);
  }, [opened, periodFrom, periodTo]);
  return (
    <Drawer
      open={Boolean(opened)}
      onClose={onClose}
      size="large"
      title={opened ? t('trend.title', { name: opened.companyName }) : ''}
      destroyOnHidden
    >
      {trend && (
        <>
          <Typography.Paragraph type="secondary">
            {t('trend.period', { from: trend.from, to: trend.to })}
          </Typography.Paragraph>
          <TrendChart days={trend.days} />
        </>
      )}
    </Drawer>
  );
}

export function PageViewListPage({ route }: PageProps) {
  const lang = useLang();
  const t = useStatisticsText();
  const [opened, setOpened] = useState<Opened | null>(null);
  const rowExtra = useMemo(
    () => [
      {
        key: 'trend',
        title: t('trend.column'),
        width: 90,
        render: (row: ReportRow) => {
          const name = String(row.companyName ?? '');
          return (
            <Button
              type="link"
              size="small"
              aria-label={t('trend.openOf', { name })}
              onClick={() => setOpened({ companyId: Number(row.companyId), companyName: name })}
            >
              {t('trend.open')}
            </Button>
          );
        },
      },
    ],
    [t],
  );
  return (
    <>
      <ReportScreen def={supplierStatistics} title={pick(route.title, lang)} rowExtra={rowExtra} />
      <TrendDrawer opened={opened} onClose={() => setOpened(null)} />
    </>
  );
}
