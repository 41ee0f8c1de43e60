import { useTexts } from '../i18n/texts';

// Texts of the report screen (the i18next namespace `report`) besides the list's (search form, export, paging come from the engine's messages).

export const en = {
  params: 'Report parameters',
  groupBy: 'Group by',
  period: 'Period',
  granularity: 'Split by',
  'granularity.all': 'Whole period',
  'granularity.day': 'Day',
  'granularity.week': 'Week',
  'granularity.month': 'Month',
  table: '{{report}} rows',
  drill: '{{value}}: open {{target}} for {{label}}',
  details: 'Details',
  'details.of': 'Details of {{label}}',
  'details.title': '{{report}}: details',
};

export const zh: Record<keyof typeof en, string> = {
  params: '报表参数',
  groupBy: '分组方式',
  period: '统计期间',
  granularity: '时间粒度',
  'granularity.all': '整个期间',
  'granularity.day': '按日',
  'granularity.week': '按周',
  'granularity.month': '按月',
  table: '{{report}}数据',
  drill: '{{value}}：查看{{target}}（{{label}}）',
  details: '详情',
  'details.of': '查看 {{label}} 的详情',
  'details.title': '{{report}}详情',
};

export const useReportText = () => useTexts<keyof typeof en>('report');
