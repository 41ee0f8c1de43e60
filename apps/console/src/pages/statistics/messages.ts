import { useTexts } from '../../i18n/texts';

// The statistics pages' own texts (the i18next namespace `statistics`): the trend of one company.

export const en = {
  'trend.column': 'Trend',
  'trend.open': 'Trend',
  'trend.openOf': 'Daily trend of {{name}}',
  'trend.title': 'Daily trend: {{name}}',
  'trend.period': '{{from}} to {{to}}',
  'trend.pageViews': 'Page views',
  'trend.uniqueVisitors': 'Unique visitors',
  'trend.productViews': 'Product views',
  'trend.collects': 'Collects',
  'trend.loading': 'Loading the trend…',
};

export const zh: Record<keyof typeof en, string> = {
  'trend.column': '趋势',
  'trend.open': '趋势',
  'trend.openOf': '{{name}} 的每日趋势',
  'trend.title': '每日趋势：{{name}}',
  'trend.period': '{{from}} 至 {{to}}',
  'trend.pageViews': '浏览量',
  'trend.uniqueVisitors': '访客数',
  'trend.productViews': '产品浏览量',
  'trend.collects': '收藏数',
  'trend.loading': '正在加载趋势…',
};

export type StatisticsTextKey = keyof typeof en;

export const useStatisticsText = () => useTexts<StatisticsTextKey>('statistics');
