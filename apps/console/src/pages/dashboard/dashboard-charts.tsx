import { Card, Col, Empty, Row, Spin } from 'antd';
import { useContext, useEffect, useRef, useState } from 'react';
import type { ContentOf } from '../../api/call';
import { loadECharts } from '../../components/load-echarts';
import { useSettings } from '../../state/app-settings';
import { ChartSnapshotContext, SNAPSHOT_ATTRIBUTE } from './chart-snapshots';
import { type DashboardTextKey, useDashboardText } from './messages';

// The dashboard's charts, in a piece of code of their own, with ECharts in another (both asked for beside the
// figures: ./dashboard-ahead.ts). Colours follow the theme colour and dark mode; every chart follows its box's
// width (375 px phones included). A chart without data is an empty state, not an empty axis.

export type DashboardData = ContentOf<'dashboard'>;
type Ranked = { id: number | null; name: string; value: number }[];

type Option = Record<string, unknown>;

/** The room one day's label ("12-06") takes on the time axis, with the gap to the next. */
const DAY_LABEL_PX = 56;

/**
 * The time axis shows every n-th day so that the labels fit the chart's width. Given, not left to ECharts: its own
 * choice measures every label on every draw, which was most of a chart's time on the dashboard's first paint.
 */
function withDayLabels(option: Option, width: number): Option {
  const xAxis = option.xAxis as { type?: string; data?: unknown[]; axisLabel?: Option } | undefined;
  if (xAxis?.type !== 'category' || !xAxis.data) return option;
  const grid = option.grid as { left: number; right: number };
  const fit = Math.max(1, Math.floor((width - grid.left - grid.right) / DAY_LABEL_PX));
  const interval = Math.max(0, Math.ceil(xAxis.data.length / fit) - 1);
  return { ...option, xAxis: { ...xAxis, axisLabel: { ...xAxis.axisLabel, interval } } };
}

/** The option as a chart shows it: a transparent background, the day labels fitted to its width. */
const shownOption = (option: Option, width: number): Option =>
  withDayLabels({ backgroundColor: 'transparent', ...option }, width);

/** A chart's width on the server, which knows no window: the picture scales to the chart's box. */
const SNAPSHOT_WIDTH = { wide: 960, narrow: 480 } as const;

function Chart({
  name,
  option,
  wide,
}: {
  name: string;
  option: (theme: { color: string }) => Option;
  wide?: boolean;
}) {
  const t = useDashboardText();
  const themeColor = useSettings((s) => s.themeColor);
  const dark = useSettings((s) => s.darkMode);
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // drawn again when what it shows changes, not on every render of the page
  const json = JSON.stringify(option({ color: themeColor }));
  // the server's picture of this chart (on the server: drawn now), shown until ECharts has drawn it here
  const picture = useContext(ChartSnapshotContext);
  const [snapshot] = useState(() => {
    if (!picture) return null;
    const width = SNAPSHOT_WIDTH[wide ? 'wide' : 'narrow'];
    return picture(name, shownOption(JSON.parse(json) as Option, width), dark, width);
  });
  useEffect(() => {
    let disposed = false;
    let chart: { dispose: () => void } | null = null;
    let observer: ResizeObserver | null = null;
    setDrawn(false);
    void loadECharts().then((echarts) => {
      if (disposed || !box.current) return;
      const instance = echarts.init(box.current, dark ? 'dark' : undefined);
      chart = instance;
      const given = JSON.parse(json) as Option;
      instance.setOption(shownOption(given, instance.getWidth()));
      instance.on('finished', () => setDrawn(true));
      if (typeof ResizeObserver !== 'undefined') {
        // the observer's first report is the size the chart was just drawn at: only a change draws it again
        const element = box.current;
        let size = `${element.clientWidth}x${element.clientHeight}`;
        observer = new ResizeObserver(() => {
          const now = `${element.clientWidth}x${element.clientHeight}`;
          if (now === size) return;
          size = now;
          instance.setOption(shownOption(given, element.clientWidth), { lazyUpdate: true });
          instance.resize();
        });
        observer.observe(element);
      }
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
    };
  }, [json, dark]);
  const showsPicture = snapshot !== null && !drawn;
  return (
    <Spin spinning={!drawn && !showsPicture} tip={t('charts.loading')}>
      <div className="dashboard-chart" data-testid={`dashboard-chart-${name}`} data-drawn={drawn}>
        <div ref={box} className="dashboard-chart-canvas" />
        {showsPicture && (
          <div
            className="dashboard-chart-snapshot"
            {...{ [SNAPSHOT_ATTRIBUTE]: name }}
            aria-hidden
            // markup ECharts made from the figures' option (no text of a person's in it is left unescaped: ECharts
            // escapes the labels it writes into SVG)
            // biome-ignore lint/security/noDangerouslySetInnerHtml: ECharts' own SVG of this chart
            dangerouslySetInnerHTML={{ __html: snapshot }}
          />
        )}
      </div>
    </Spin>
  );
}

type Series = { name: string; values: number[]; percent?: boolean };

/**
 * The room a value axis's labels take beside the plot: the widest label the axis can show ("100 %", or its top
 * value rounded up with its thousands separators) at about 7 px a character, and the gap to the axis. Set here, not
 * measured by ECharts, for the same reason as the day labels.
 */
function valueAxisRoom(s: Series | undefined): number {
  const top = s?.percent ? '100 %' : Math.ceil(Math.max(1, ...(s?.values ?? [])) * 1.2).toLocaleString('en');
  return 16 + 7 * top.length;
}

const lineOption =
  (days: DashboardData['days'], series: Series[]) =>
  ({ color }: { color: string }): Option => ({
    color: [color, '#52c41a', '#faad14'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: {
      left: valueAxisRoom(series[0]),
      right: series.length > 1 ? valueAxisRoom(series[1]) : 16,
      top: 36,
      bottom: 24,
      outerBoundsMode: 'none',
    },
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
      grid: { left: 128, right: 24, top: 8, bottom: 24, outerBoundsMode: 'none' },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: shown.map((r) => r.name),
        axisLabel: { width: 120, overflow: 'truncate', interval: 0 },
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
          <Chart name={name} option={option} wide={wide} />
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
