import { Card, Col, Empty, Row, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ContentOf } from '../../api/call';
import { loadECharts } from '../../components/load-echarts';
import { useSettings } from '../../state/app-settings';
import { type DashboardTextKey, useDashboardText } from './messages';

// The dashboard's charts, in a piece of code of their own, with ECharts in another (both asked for beside the
// figures: ./dashboard-ahead.ts). Colours follow the theme colour and dark mode; every chart follows its box's
// width (375 px phones included). A chart without data is an empty state, not an empty axis.

export type DashboardData = ContentOf<'dashboard'>;
type Ranked = { id: number | null; name: string; value: number }[];

type Option = Record<string, unknown>;

function Chart({ name, option }: { name: string; option: (theme: { color: string }) => Option }) {
  const t = useDashboardText();
  const themeColor = useSettings((s) => s.themeColor);
  const dark = useSettings((s) => s.darkMode);
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // drawn again when what it shows changes, not on every render of the page
  const json = JSON.stringify(option({ color: themeColor }));
  useEffect(() => {
    let disposed = false;
    let chart: { dispose: () => void; resize: () => void } | null = null;
    let observer: ResizeObserver | null = null;
    setDrawn(false);
    void loadECharts().then((echarts) => {
      if (disposed || !box.current) return;
      const instance = echarts.init(box.current, dark ? 'dark' : undefined);
      chart = instance;
      instance.setOption({ backgroundColor: 'transparent', ...(JSON.parse(json) as Option) });
      instance.on('finished', () => setDrawn(true));
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart?.resize());
        observer.observe(box.current);
      }
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [json, dark]);
  return (
    <Spin spinning={!drawn} tip={t('charts.loading')}>
      <div ref={box} className="dashboard-chart" data-testid={`dashboard-chart-${name}`} data-drawn={drawn} />
    </Spin>
  );
}

const lineOption =
  (days: DashboardData['days'], series: { name: string; values: number[]; percent?: boolean }[]) =>
  ({ color }: { color: string }): Option => ({
    color: [color, '#52c41a', '#faad14'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    // two counts of different sizes (visits, new users): each on an axis of its own
    yAxis:
      series.length > 1
        ? series.map(() => ({ type: 'value', minInterval: 1 }))
        : {
            type: 'value',
            minInterval: 1,
            ...(series.some((s) => s.percent) ? { max: 100, axisLabel: { formatter: '{value} %' } } : {}),
          },
    series: series.map((s, i) => ({
      name: s.name,
      type: 'line',
      smooth: true,
      showSymbol: days.length <= 31,
      areaStyle: series.length === 1 ? { opacity: 0.15 } : undefined,
      yAxisIndex: series.length > 1 ? i : 0,
      data: s.values,
    })),
  });

const barOption =
  (rows: Ranked, seriesName: string) =>
  ({ color }: { color: string }): Option => {
    const shown = [...rows].reverse();
    return {
      color: [color],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: shown.map((r) => r.name),
        axisLabel: { width: 120, overflow: 'truncate' },
      },
      series: [{ name: seriesName, type: 'bar', data: shown.map((r) => r.value), barMaxWidth: 18 }],
    };
  };

function ChartCard({
  titleKey,
  name,
  empty,
  option,
  wide,
}: {
  titleKey: DashboardTextKey;
  name: string;
  empty: boolean;
  option: (theme: { color: string }) => Option;
  wide?: boolean;
}) {
  const t = useDashboardText();
  return (
    <Col xs={24} xl={wide ? 24 : 12} xxl={wide ? 12 : 8}>
      <Card size="small" variant="borderless" title={<h3 className="dashboard-card-title">{t(titleKey)}</h3>}>
        {empty ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.empty')} />
        ) : (
          <Chart name={name} option={option} />
        )}
      </Card>
    </Col>
  );
}

/** The charts the person's data holds: the trend, the reply rate, the most viewed and most searched. */
export default function DashboardCharts({ data }: { data: DashboardData }) {
  const t = useDashboardText();
  const { days, shown, top } = data;
  const showTrend = shown.visits || shown.newUsers;
  const trendSeries = [
    ...(shown.visits ? [{ name: t('figures.visits'), values: days.map((d) => d.visits) }] : []),
    ...(shown.newUsers ? [{ name: t('figures.newUsers'), values: days.map((d) => d.newUsers) }] : []),
  ];
  const rates = days.map((d) =>
    d.consults > 0 ? Math.round((d.consultsReplied * 1000) / d.consults) / 10 : 0,
  );
  const ranked: { key: 'companies' | 'products' | 'keywords'; title: DashboardTextKey; series: string }[] = [
    { key: 'companies', title: 'charts.topCompanies', series: t('charts.views') },
    { key: 'products', title: 'charts.topProducts', series: t('charts.views') },
    { key: 'keywords', title: 'charts.topKeywords', series: t('charts.searches') },
  ];
  return (
    <Row gutter={[16, 16]}>
      {showTrend && (
        <ChartCard
          wide
          titleKey="charts.trend"
          name="trend"
          empty={trendSeries.every((s) => s.values.every((v) => v === 0))}
          option={lineOption(days, trendSeries)}
        />
      )}
      {shown.consults && (
        <ChartCard
          wide
          titleKey="charts.replyRate"
          name="reply-rate"
          empty={days.every((d) => d.consults === 0)}
          option={lineOption(days, [{ name: t('figures.replyRate'), values: rates, percent: true }])}
        />
      )}
      {ranked.map(({ key, title, series }) => {
        const rows = top[key];
        if (!rows) return null;
        return (
          <ChartCard
            key={key}
            titleKey={title}
            name={key}
            empty={rows.length === 0}
            option={barOption(rows, series)}
          />
        );
      })}
    </Row>
  );
}
