import { t } from '../kit/bilingual';
import { defineReport } from '../kit/define-entity';

const count = (en: string, zh: string, width = 110) => ({
  kind: 'integer' as const,
  label: t(en, zh),
  list: { sortable: true, width },
});

/**
 * User behaviour statistics (`user_conduct_statistical_list`): per marketplace user active in the period
 * (default the last 30 days, at most a year; days in the deployment's statistics time zone) the company and
 * product pages viewed, the companies and products visited, collects, total duration, searches, the consults
 * and purchase requirements posted and the last active day — read from the daily rollups. A supplier account
 * counts only behaviour towards its own company and its products.
 */
export const userConduct = defineReport({
  name: 'user_conduct',
  labels: { singular: t('User behaviour', '用户行为统计'), plural: t('User behaviour', '用户行为统计') },
  permission: { menu: '/conduct_statistical/user_conduct_statistical_list' },
  fields: {
    userId: { kind: 'integer', label: t('User ID', '用户 ID'), list: { sortable: true, width: 90 } },
    account: {
      kind: 'text',
      label: t('Account', '账号'),
      list: { sortable: true, width: 160, filter: 'like' },
    },
    nickname: { kind: 'text', label: t('Nickname', '昵称'), list: { width: 140 } },
    companyViews: count('Company page views', '企业浏览量', 140),
    productViews: count('Product page views', '产品浏览量', 140),
    companiesVisited: count('Companies visited', '访问企业数', 130),
    productsVisited: count('Products visited', '访问产品数', 130),
    collects: count('Collects', '收藏数'),
    duration: count('Total duration (s)', '总停留时长（秒）', 140),
    searches: count('Searches', '搜索次数'),
    consultsPosted: count('Consults posted', '发起咨询', 120),
    requirementsPosted: count('Requirements posted', '发布采购需求', 140),
    lastActive: {
      kind: 'date',
      label: t('Last active', '最近活跃'),
      list: { sortable: true, width: 120 },
    },
  },
  defaultSort: { field: 'lastActive', order: 'desc' },
  labelField: 'account',
  params: { period: { granularity: [] } },
  // the user's visit drill-downs (`/:userId` in their routes)
  drill: {
    companiesVisited: {
      menu: '/conduct_statistical/company_by_stat_list/:userId',
      filters: {},
      params: { userId: 'userId' },
    },
    productsVisited: {
      menu: '/conduct_statistical/product_by_stat_list/:userId',
      filters: {},
      params: { userId: 'userId' },
    },
  },
});
