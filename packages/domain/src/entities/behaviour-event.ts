import { defineEvent, t } from '../kit';

/** What a marketplace client reports a buyer did (the point rules and the counters read these). */
export const BEHAVIOUR_TYPES = [
  'view_company',
  'view_product',
  'collect',
  'uncollect',
  'share',
  'search',
  'download',
  'exchange_contacts',
  'request_price',
  'post_lead',
  'login',
] as const;

export type BehaviourType = (typeof BEHAVIOUR_TYPES)[number];

/** Most events one ingestion batch carries. */
export const BEHAVIOUR_BATCH_MAX = 500;

const TYPE_LABELS: Record<BehaviourType, ReturnType<typeof t>> = {
  view_company: t('View company page', '浏览企业主页'),
  view_product: t('View product page', '浏览产品页'),
  collect: t('Collect', '收藏'),
  uncollect: t('Uncollect', '取消收藏'),
  share: t('Share', '分享'),
  search: t('Search', '搜索'),
  download: t('Download', '下载'),
  exchange_contacts: t('Exchange contacts', '交换名片'),
  request_price: t('Request price', '询价'),
  post_lead: t('Post purchase lead', '发布采购信息'),
  login: t('Log in', '登录'),
};

/**
 * What buyers do on the marketplace, as its servers report it (`POST /api/open/v1/events`, scope events:write).
 * Append-only; `created_at` is when the event happened (as the client reports it), so the table is partitioned
 * by month of it on PostgreSQL. `eventId` is the client's own id: an event already stored with the same id and
 * time is not stored again. Ids of users, companies and products are plain integers (no foreign keys), so the
 * table can be distributed by `event_id` or `user_id` without changing the code that writes it.
 */
export const behaviourEvent = defineEvent({
  name: 'behaviour_event',
  labels: { singular: t('Behaviour event', '行为事件'), plural: t('Behaviour events', '行为事件') },
  permission: { menu: '/searchManage/search_history_list' },
  fields: {
    eventId: {
      kind: 'text',
      label: t('Event id', '事件 ID'),
      required: true,
      maxLength: 64,
      list: { filter: 'eq', width: 200 },
    },
    type: {
      kind: 'enum',
      label: t('Action', '行为'),
      options: Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label })),
      required: true,
      list: { filter: 'in', width: 140 },
    },
    userId: { kind: 'integer', label: t('User', '用户'), list: { filter: 'eq', width: 100 } },
    companyId: { kind: 'integer', label: t('Company', '企业'), list: { filter: 'eq', width: 100 } },
    productId: { kind: 'integer', label: t('Product', '产品'), list: { filter: 'eq', width: 100 } },
    keyword: { kind: 'text', label: t('Keyword', '关键词'), maxLength: 200, list: { width: 200 } },
    resultsCount: { kind: 'integer', label: t('Results', '结果数'), min: 0, list: { width: 100 } },
    language: { kind: 'text', label: t('Language', '语言'), maxLength: 10, list: { width: 80 } },
    duration: { kind: 'integer', label: t('Duration (s)', '停留时长（秒）'), min: 0, list: { width: 100 } },
  },
  // an event sent again (same id and time) is stored once
  eventKey: 'eventId',
  // written only by the ingestion route, never from the console
  capabilities: { readOnly: true, import: false },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'eventId',
});

/**
 * /searchManage/search_history_list: every search a buyer (or an anonymous visitor) made on the marketplace,
 * written from the search events of `POST /api/open/v1/events`. Read-only in the console.
 */
export const searchHistory = defineEvent({
  name: 'search_history',
  labels: { singular: t('Search', '搜索记录'), plural: t('Search history', '搜索历史') },
  permission: { menu: '/searchManage/search_history_list' },
  behaviour: {
    screens: {
      'entity-list':
        'marketing/search-pages SearchHistoryPage (tab: the top keywords, report search_keyword)',
    },
  },
  fields: {
    keyword: {
      kind: 'text',
      label: t('Keyword', '关键词'),
      required: true,
      maxLength: 200,
      list: { filter: 'like', sortable: true, width: 240 },
    },
    userId: { kind: 'integer', label: t('User', '用户'), list: { filter: 'eq', width: 120 } },
    language: {
      kind: 'enum',
      label: t('Language', '语言'),
      options: [
        { value: 'en', label: t('English', '英文') },
        { value: 'zh', label: t('Chinese', '中文') },
      ],
      list: { filter: 'in', width: 100 },
    },
    resultsCount: {
      kind: 'integer',
      label: t('Results', '结果数'),
      min: 0,
      list: { sortable: true, width: 100 },
    },
    eventId: { kind: 'text', label: t('Event id', '事件 ID'), maxLength: 64, list: { width: 200 } },
  },
  search: ['keyword'],
  // written only from the search events of the ingestion route
  capabilities: { readOnly: true, import: false },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'keyword',
});
