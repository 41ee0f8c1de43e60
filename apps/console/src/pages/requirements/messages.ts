import { type Texts, useTexts } from '../../i18n/texts';

// Texts of the purchase leads screen (the i18next namespace `requirements`).

export const en = {
  table: 'Purchase leads',
  searchForm: 'Search purchase leads',
  keyword: 'Title',
  search: 'Search',
  reset: 'Reset',
  number: 'Number',
  title: 'Title',
  category: 'Category',
  budget: 'Budget',
  country: 'Country',
  company: 'Buyer company',
  contact: 'Buyer contact',
  endTime: 'End time',
  leftDays: 'Days left',
  leftDaysValue: '{{count}} days',
  actions: 'Actions',
  reveal: 'Reveal contact',
  revealOf: 'Reveal the contact of {{title}}',
  revealed: 'Contact revealed',
  revealConfirm: 'Revealing uses one of your company’s contact reveals this month. Reveal it?',
  ok: 'Reveal',
  cancel: 'Cancel',
  total: '{{count}} in total',
} as const;

export const zh: Record<keyof typeof en, string> = {
  table: '采购商机',
  searchForm: '搜索采购商机',
  keyword: '标题',
  search: '查询',
  reset: '重置',
  number: '需求编号',
  title: '标题',
  category: '产品分类',
  budget: '预算',
  country: '国家',
  company: '采购商公司',
  contact: '采购商联系方式',
  endTime: '截止时间',
  leftDays: '剩余天数',
  leftDaysValue: '{{count}} 天',
  actions: '操作',
  reveal: '查看联系方式',
  revealOf: '查看 {{title}} 的联系方式',
  revealed: '已获取联系方式',
  revealConfirm: '查看联系方式将占用企业本月的一次查看次数，确定查看吗？',
  ok: '查看',
  cancel: '取消',
  total: '共 {{count}} 条',
};

export type RequirementTextKey = keyof typeof en;

export const useRequirementText = (): Texts<RequirementTextKey> =>
  useTexts<RequirementTextKey>('requirements');
