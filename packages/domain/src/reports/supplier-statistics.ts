import { t } from '../kit/bilingual';
import { defineReport } from '../kit/define-entity';

/** The longest period the statistics screens take, in days (a year, a leap year included). */
export const STATISTICS_MAX_DAYS = 366;
/** The period the statistics screens show when none is chosen: the last 30 days, today included. */
export const STATISTICS_DEFAULT_DAYS = 30;

/** A period as a statistics page's address names it and its data call asks for it (dates, `YYYY-MM-DD`). */
export type PeriodInAddress = { periodFrom?: string; periodTo?: string };

/** The period the address names (`periodFrom`, `periodTo`; an empty one is none). The dashboard's first HTML carries
 * the answer of the call for this period, which the console matches by its query: the server and the console read
 * the address here, so the two ask the same. */
export function periodInAddress(search: { get(name: string): string | null }): PeriodInAddress {
  const period: PeriodInAddress = {};
  for (const name of ['periodFrom', 'periodTo'] as const) {
    const value = search.get(name);
    if (value) period[name] = value;
  }
  return period;
}

const count = (en: string, zh: string, width = 110) => ({
  kind: 'integer' as const,
  label: t(en, zh),
  list: { sortable: true, width },
});

/**
 * Supplier statistics (`page_view_list`): per company over a period (default the last 30 days, at most a
 * year; days in the deployment's statistics time zone) what buyers did — read from the daily rollups, never
 * from the raw events — with the consults it received and replied and the purchase requirements it revealed,
 * and the change of its page views against the period before. A supplier account sees its own company only.
 * The console's screen is the report screen plus a daily trend chart per company
 * (apps/console/src/pages/statistics/page-view-list.tsx).
 */
export const supplierStatistics = defineReport({
  name: 'page_view',
  labels: {
    singular: t('Supplier statistics', '供应商统计'),
    plural: t('Supplier statistics', '供应商统计'),
  },
  permission: { menu: '/conduct_statistical/page_view_list' },
  fields: {
    companyId: { kind: 'integer', label: t('Company ID', '企业 ID'), list: { sortable: true, width: 100 } },
    companyName: { kind: 'text', label: t('Company', '企业'), list: { sortable: true, width: 220 } },
    pageViews: count('Page views', '浏览量'),
    pageViewsChange: {
      kind: 'decimal',
      label: t('Views change %', '浏览量环比 %'),
      scale: 1,
      list: { sortable: true, width: 120 },
    },
    uniqueVisitors: count('Unique visitors', '访客数'),
    productViews: count('Product views', '产品浏览量', 120),
    averageDuration: {
      kind: 'integer',
      label: t('Average duration (s)', '平均停留时长（秒）'),
      list: { sortable: true, width: 140 },
    },
    collects: count('Collects', '收藏数'),
    shares: count('Shares', '分享数'),
    consultsReceived: count('Consults received', '收到咨询', 130),
    consultsReplied: count('Consults replied', '已回复咨询', 130),
    replyRate: {
      kind: 'decimal',
      label: t('Reply rate %', '回复率 %'),
      scale: 1,
      list: { sortable: true, width: 110 },
    },
    requirementsRevealed: count('Requirements revealed', '查看采购需求', 150),
    categoryId: {
      kind: 'integer',
      label: t('Category ID', '分类 ID'),
      list: { filter: 'eq', shown: false },
    },
    vipPackageId: {
      kind: 'integer',
      label: t('Membership package ID', '会员套餐 ID'),
      list: { filter: 'eq', shown: false },
    },
    countryCode: {
      kind: 'text',
      label: t('Country code', '国家代码'),
      list: { filter: 'eq', shown: false },
    },
  },
  defaultSort: { field: 'pageViews', order: 'desc' },
  labelField: 'companyName',
  params: { period: { granularity: [] } },
  drill: {
    consultsReceived: { menu: '/consult/consult_list', filters: { companyId: 'companyId' } },
  },
});
