import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { loadECharts } from '../../components/load-echarts';
import { useSettings } from '../../state/app-settings';
import { useStatisticsText } from './messages';

// One company's days as lines, drawn with ECharts, whose code is loaded only when a chart is first opened
// (after the list's first paint). Colours follow the theme colour and dark mode.

export type TrendDay = {
  day: string;
  pageViews: number;
  uniqueVisitors: number;
  productViews: number;
  collects: number;
};

export function TrendChart({ days }: { days: TrendDay[] }) {
  const t = useStatisticsText();
  const themeColor = useSettings((s) => s.themeColor);
  const dark = useSettings((s) => s.darkMode);
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose: () => void; resize: () => void } | null = null;
    const resize = () => chart?.resize();
    void loadECharts().then((echarts) => {
      if (disposed || !box.current) return;
      const instance = echarts.init(box.current, dark ? 'dark' : undefined);
      chart = instance;
      const series = (['pageViews', 'uniqueVisitors', 'productViews', 'collects'] as const).map((key) => ({
        name: t(`trend.${key}`),
        type: 'line' as const,
        smooth: true,
        data: days.map((d) => d[key]),
      }));
      instance.setOption({
        color: [themeColor, '#52c41a', '#faad14', '#eb2f96'],
        backgroundColor: 'transparent',
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: days.map((d) => d.day) },
        yAxis: { type: 'value', minInterval: 1 },
        series,
      });
      instance.on('finished', () => setDrawn(true));
      window.addEventListener('resize', resize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [days, dark, themeColor, t]);
  return (
    <Spin spinning={!drawn} tip={t('trend.loading')}>
      <div ref={box} data-testid="trend-chart" data-drawn={drawn} style={{ width: '100%', height: 320 }} />
    </Spin>
  );
}
