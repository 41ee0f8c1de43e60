import { t } from '../kit/bilingual';
import { defineReport } from '../kit/define-entity';

// User behaviour towards companies and towards products (per user over a period, from the daily rollups), and
// a user's four drill-downs: the companies and products they have collected now (`user_collect`), and the
// companies and products they visited in a period. A supplier account counts and sees only its own company and
// its products. Each drill-down is read for the user in its path (`/:userId`).

const GROUP = '/conduct_statistical';

const count = (en: string, zh: string, width = 120) => ({
  kind: 'integer' as const,
  label: t(en, zh),
  list: { sortable: true, width },
});

const user = {
  userId: { kind: 'integer', label: t('User ID', '用户 ID'), list: { sortable: true, width: 90 } },
  account: {
    kind: 'text',
    label: t('Account', '账号'),
    list: { sortable: true, width: 160, filter: 'like' },
  },
  nickname: { kind: 'text', label: t('Nickname', '昵称'), list: { width: 140 } },
} as const;

/** The company a drill-down row is about: its id and name (sorted and searched). */
const companyOf = {
  companyId: { kind: 'integer', label: t('Company ID', '企业 ID'), list: { width: 90 } },
  companyName: {
    kind: 'text',
    label: t('Company name', '企业名称'),
    list: { sortable: true, width: 220, filter: 'like' },
  },
} as const;

/** The product a drill-down row is about: its id and name (sorted and searched), and its company's name. */
const productOf = {
  productId: { kind: 'integer', label: t('Product ID', '产品 ID'), list: { width: 90 } },
  name: {
    kind: 'text',
    label: t('Product name', '产品名称'),
    list: { sortable: true, width: 200, filter: 'like' },
  },
} as const;

const productCompanyName = {
  kind: 'text',
  label: t('Company name', '企业名称'),
  list: { sortable: true, width: 200 },
} as const;

/** How a collected company or product is reached. */
const contact = {
  mobile: { kind: 'text', label: t('Mobile', '手机'), list: { width: 130 } },
  email: { kind: 'text', label: t('Email', '邮箱'), list: { width: 180 } },
} as const;

const lastActive = {
  kind: 'date',
  label: t('Last active', '最近活跃'),
  list: { sortable: true, width: 120 },
} as const;

/** A user's drill-down link: the route of the drill-down with the row's user in its path. */
const toUser = (route: string) => ({
  menu: `${GROUP}/${route}/:userId`,
  filters: {},
  params: { userId: 'userId' },
});

/** `c_user_conduct_statistical_list`: per user active towards companies in the period. */
export const companyConduct = defineReport({
  name: 'c_user_conduct',
  labels: {
    singular: t('User behaviour towards companies', '用户企业行为统计'),
    plural: t('User behaviour towards companies', '用户企业行为统计'),
  },
  permission: { menu: `${GROUP}/c_user_conduct_statistical_list` },
  fields: {
    ...user,
    companiesVisited: count('Companies visited', '访问企业数', 130),
    companyViews: count('Company page views', '企业浏览量', 140),
    duration: count('Time on company pages (s)', '企业页停留时长（秒）', 170),
    companiesCollected: count('Companies collected', '收藏企业数', 130),
    consultsSent: count('Consults sent', '发起咨询', 110),
    lastActive,
  },
  defaultSort: { field: 'lastActive', order: 'desc' },
  labelField: 'account',
  params: { period: { granularity: [] } },
  drill: {
    companiesVisited: toUser('company_by_stat_list'),
    companiesCollected: toUser('collect_company_list'),
  },
});

/** `p_user_conduct_statistical_list`: per user active towards products in the period. */
export const productConduct = defineReport({
  name: 'p_user_conduct',
  labels: {
    singular: t('User behaviour towards products', '用户产品行为统计'),
    plural: t('User behaviour towards products', '用户产品行为统计'),
  },
  permission: { menu: `${GROUP}/p_user_conduct_statistical_list` },
  fields: {
    ...user,
    productsVisited: count('Products visited', '访问产品数', 130),
    productViews: count('Product page views', '产品浏览量', 140),
    duration: count('Time on product pages (s)', '产品页停留时长（秒）', 170),
    productsCollected: count('Products collected', '收藏产品数', 130),
    lastActive,
  },
  defaultSort: { field: 'lastActive', order: 'desc' },
  labelField: 'account',
  params: { period: { granularity: [] } },
  drill: {
    productsVisited: toUser('product_by_stat_list'),
    productsCollected: toUser('collect_product_list'),
  },
});

const when = (en: string, zh: string) => ({
  kind: 'datetime' as const,
  label: t(en, zh),
  list: { sortable: true, width: 170 },
});

/** `collect_company_list/:userId`: the companies the user has collected now. */
export const collectCompany = defineReport({
  name: 'collect_company',
  labels: { singular: t('Collected company', '收藏的企业'), plural: t('Collected companies', '收藏的企业') },
  permission: { menu: `${GROUP}/collect_company_list/:userId` },
  fields: {
    ...companyOf,
    name: { kind: 'text', label: t('Contact person', '联系人'), list: { width: 120 } },
    ...contact,
    categoryList: { kind: 'text', label: t('Categories', '企业分类'), list: { width: 180 } },
    companyCategoryId: {
      kind: 'integer',
      label: t('Category ID', '分类 ID'),
      list: { width: 90, filter: 'eq' },
    },
    vipPackage: { kind: 'text', label: t('Membership package', '会员套餐'), list: { width: 140 } },
    duration: count('Time on the company (s)', '企业停留时长（秒）', 150),
    currentUserCollectCount: count('Collected by (users)', '被收藏次数', 130),
    createTime: when('Collected at', '收藏时间'),
    updateTime: when('Updated at', '更新时间'),
  },
  defaultSort: { field: 'createTime', order: 'desc' },
  labelField: 'companyName',
  params: { path: ['userId'] },
});

/** `company_by_stat_list/:userId`: the companies the user visited in the period. */
export const companyByStat = defineReport({
  name: 'company_by_stat',
  labels: { singular: t('Company visit', '企业访问记录'), plural: t('Company visits', '企业访问记录') },
  permission: { menu: `${GROUP}/company_by_stat_list/:userId` },
  fields: {
    ...companyOf,
    visits: count('Page views', '浏览次数', 110),
    productViews: count('Product page views', '产品浏览量', 140),
    duration: count('Duration (s)', '停留时长（秒）', 130),
    lastVisit: { kind: 'date', label: t('Last visit', '最近访问'), list: { sortable: true, width: 120 } },
  },
  defaultSort: { field: 'lastVisit', order: 'desc' },
  labelField: 'companyName',
  params: { period: { granularity: [] }, path: ['userId'] },
});

/** `collect_product_list/:userId`: the products the user has collected now. */
export const collectProduct = defineReport({
  name: 'collect_product',
  labels: { singular: t('Collected product', '收藏的产品'), plural: t('Collected products', '收藏的产品') },
  permission: { menu: `${GROUP}/collect_product_list/:userId` },
  fields: {
    ...productOf,
    categoryList: { kind: 'text', label: t('Category', '产品分类'), list: { width: 160 } },
    productCategory: {
      kind: 'integer',
      label: t('Category ID', '分类 ID'),
      list: { width: 90, filter: 'eq' },
    },
    companyName: productCompanyName,
    ...contact,
    productDuration: count('Time on the product (s)', '产品停留时长（秒）', 150),
    createTime: when('Collected at', '收藏时间'),
  },
  defaultSort: { field: 'createTime', order: 'desc' },
  labelField: 'name',
  params: { path: ['userId'] },
});

/** `product_by_stat_list/:userId`: the products the user visited in the period. */
export const productByStat = defineReport({
  name: 'product_by_stat',
  labels: { singular: t('Product visit', '产品访问记录'), plural: t('Product visits', '产品访问记录') },
  permission: { menu: `${GROUP}/product_by_stat_list/:userId` },
  fields: {
    ...productOf,
    companyName: productCompanyName,
    views: count('Page views', '浏览次数', 110),
    duration: count('Duration (s)', '停留时长（秒）', 130),
    lastVisit: { kind: 'date', label: t('Last visit', '最近访问'), list: { sortable: true, width: 120 } },
  },
  defaultSort: { field: 'lastVisit', order: 'desc' },
  labelField: 'name',
  params: { period: { granularity: [] }, path: ['userId'] },
});
