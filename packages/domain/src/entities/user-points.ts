import { defineEntity, defineEvent, sortNo, t } from '../kit';
import type { BooleanField } from '../kit/types';

/** The actions that earn (or cost) a buyer points: one point rule each. */
export const POINT_ACTIONS = [
  'post_lead',
  'exchange_contacts',
  'download',
  'no_login',
  'view_company',
  'view_product',
  'request_price',
] as const;
export type PointAction = (typeof POINT_ACTIONS)[number];

/** How many days without a sign-in the `no_login` rule waits for ("users not logging in for over 14 days"). */
export const NO_LOGIN_DAYS = 14;

export const POINT_ACTION_LABELS: Record<PointAction, ReturnType<typeof t>> = {
  post_lead: t('Post purchase lead', '发布采购信息'),
  exchange_contacts: t('Exchange contacts', '交换名片'),
  download: t('Download', '下载'),
  no_login: t('No sign-in for over 14 days', '超过14天未登录'),
  view_company: t('View company page', '浏览企业主页'),
  view_product: t('View product page', '浏览产品页'),
  request_price: t('Request price', '询价'),
};

/** A ledger row's action: a rule's action, or a staff adjustment. */
export const LEDGER_ACTIONS = [...POINT_ACTIONS, 'adjust'] as const;

const actionOptions = (values: readonly string[]) =>
  values.map((value) => ({
    value,
    label:
      value === 'adjust' ? t('Adjusted by staff', '人工调整') : POINT_ACTION_LABELS[value as PointAction],
  }));

/**
 * /user_vip_package/user_point_rule_list: the points each action of a buyer earns (negative: costs) and how many
 * times a day it counts. One rule per action, written by the reference seed; the console edits them one by one
 * or all seven at once (`POST /api/user_point_rule/save_all`, one transaction). Every change is a new version,
 * and each ledger row names the version it used.
 */
export const userPointRule = defineEntity({
  name: 'user_point_rule',
  labels: { singular: t('Point rule', '积分规则'), plural: t('Point rules', '积分规则') },
  permission: { menu: '/user_vip_package/user_point_rule_list' },
  fields: {
    action: {
      kind: 'enum',
      label: t('Action', '行为'),
      options: actionOptions(POINT_ACTIONS),
      required: true,
      readOnlyOnEdit: true,
      list: { filter: 'in', width: 200 },
    },
    points: {
      kind: 'integer',
      label: t('Points', '积分'),
      required: true,
      min: -10_000,
      max: 10_000,
      list: { sortable: true, width: 100 },
      form: { help: t('Negative values take points away', '负数表示扣减积分') },
    },
    maxTimesPerDay: {
      kind: 'integer',
      label: t('Max times a day', '每日上限次数'),
      required: true,
      min: 1,
      max: 10_000,
      list: { sortable: true, width: 140 },
    },
    remark: { kind: 'longText', label: t('Remark', '备注'), maxLength: 500 },
  },
  // The seven rules are reference data: edited, never added or removed.
  routes: { omit: ['create', 'delete', 'batchDelete'] },
  capabilities: { import: false },
  defaultSort: { field: 'id', order: 'asc' },
  labelField: 'action',
  commands: {
    saveAll: {
      label: t('Save all rules', '保存全部规则'),
      target: 'entity',
      path: 'save_all',
      permission: { name: t('Edit all point rules', '编辑全部积分规则') },
      answersResult: true,
      placement: [],
    },
  },
});

const benefit = (en: string, zh: string, group: 'online' | 'offline'): BooleanField => ({
  kind: 'boolean',
  label: t(en, zh),
  default: false,
  list: { shown: false },
  form: { group },
});

/**
 * /user_vip_package/user_vip_package_list: the BUYERS' membership levels (not the companies' packages,
 * `vip_package`). A level covers the points from `minPoint` to `maxPoint`; the levels' ranges neither overlap nor
 * leave a gap (the points module refuses such a write naming the neighbouring level). A buyer's level follows
 * their points. The online benefits are served to the marketplace with the buyer's level; the offline ones are
 * information for the organiser's staff.
 */
export const userVipPackage = defineEntity({
  name: 'user_vip_package',
  labels: { singular: t('Membership level', '会员等级'), plural: t('Membership levels', '会员等级') },
  permission: { menu: '/user_vip_package/user_vip_package_list' },
  behaviour: { hooks: { points: ['afterWrite: checkLevelRanges'] } },
  groups: {
    basic: { label: t('Level', '等级信息') },
    online: { label: t('Online benefits', '线上权益') },
    offline: { label: t('Offline benefits (information)', '线下权益（仅展示）') },
  },
  fields: {
    name: {
      kind: 'bilingual',
      label: t('Name', '名称'),
      required: 'both',
      maxLength: 50,
      list: { width: 160 },
      form: { group: 'basic' },
    },
    shortName: {
      kind: 'text',
      label: t('Short name', '简称'),
      required: true,
      pattern: {
        source: '^[A-Za-z]{1,7}$',
        message: t('Short name: at most 7 letters', '简称最多 7 个字母'),
        example: 'GOLD',
      },
      list: { width: 100 },
      form: { group: 'basic', help: t('At most 7 letters', '最多 7 个字母') },
    },
    minPoint: {
      kind: 'integer',
      label: t('Points from', '最低积分'),
      required: true,
      min: 0,
      max: 100_000_000,
      list: { sortable: true, width: 110 },
      form: { group: 'basic' },
    },
    maxPoint: {
      kind: 'integer',
      label: t('Points to', '最高积分'),
      required: true,
      min: 0,
      max: 100_000_000,
      list: { sortable: true, width: 110 },
      form: { group: 'basic' },
    },
    sortNo: sortNo({ form: { group: 'basic', help: t('Higher numbers rank later', '数值越大越靠后') } }),
    remark: { kind: 'longText', label: t('Remark', '备注'), maxLength: 500, form: { group: 'basic' } },
    info: {
      kind: 'longText',
      label: t('Description', '等级说明'),
      maxLength: 2000,
      form: { group: 'basic' },
    },
    publishPurchase: benefit('Publish purchase information', '发布采购信息', 'online'),
    exchangeContact: benefit('Contact exchange', '交换联系方式', 'online'),
    download: benefit('Download', '下载', 'online'),
    exclusiveCustomer: benefit('Exclusive customer service', '专属客服', 'online'),
    luckyDraw: benefit('Lucky draw', '抽奖', 'offline'),
    oneToOne: benefit('One-to-one service', '一对一服务', 'offline'),
    specialTag: benefit('Special tag', '专属标识', 'offline'),
    videoTour: benefit('Video factory tour', '视频验厂', 'offline'),
  },
  rules: [
    {
      kind: 'compare',
      field: 'maxPoint',
      op: 'gte',
      other: 'minPoint',
      message: t('Points to must not be below points from', '最高积分不能低于最低积分'),
    },
  ],
  search: ['name', 'shortName'],
  defaultSort: { field: 'minPoint', order: 'asc' },
  softDelete: true,
  labelField: 'name',
});

/**
 * Every change of a buyer's points, append-only: the points a rule awarded for a behaviour event (its event id,
 * the day it counts on, the rule's version), the daily "no sign-in" deduction, or a staff adjustment with its
 * reason. A buyer's `points` is the sum of their rows. Read on the user's edit screen, organiser staff only.
 * Partitioned by month of `created_at` (when the row was written) on PostgreSQL, like the behaviour events.
 */
export const userPointLedger = defineEvent({
  name: 'user_point_ledger',
  labels: { singular: t('Points entry', '积分明细'), plural: t('Points ledger', '积分明细') },
  permission: { menu: '/user/user_list' },
  fields: {
    userId: {
      kind: 'relation',
      label: t('User', '用户'),
      to: 'user_manager',
      labelField: 'account',
      required: true,
      list: { filter: 'eq', width: 140 },
    },
    action: {
      kind: 'enum',
      label: t('Action', '行为'),
      options: actionOptions(LEDGER_ACTIONS),
      required: true,
      list: { filter: 'in', width: 180 },
    },
    points: { kind: 'integer', label: t('Points', '积分'), required: true, list: { width: 90 } },
    balance: { kind: 'integer', label: t('Balance', '余额'), list: { width: 90 } },
    eventId: { kind: 'text', label: t('Event id', '事件 ID'), maxLength: 64, list: { width: 200 } },
    awardDay: { kind: 'date', label: t('Counts on', '计入日期'), list: { width: 120 } },
    ruleVersion: { kind: 'integer', label: t('Rule version', '规则版本'), list: { width: 100 } },
    reason: { kind: 'longText', label: t('Reason', '原因'), maxLength: 500, list: { width: 220 } },
  },
  // written only by the points module (rules, the daily job, staff adjustments), never changed
  capabilities: { readOnly: true, import: false },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'eventId',
});
