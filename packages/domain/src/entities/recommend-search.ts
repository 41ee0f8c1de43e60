import { counter, defineEntity, enableStatus, media, sortNo, t, targetRelation, targetState } from '../kit';

/** /searchManage/recommend_search_list: a keyword the marketplace recommends in its search box, with the
 * companies and products it advertises (`recommend_advertising`), in sort order (a higher number ranks later). */
export const recommendSearch = defineEntity({
  name: 'recommend_search',
  labels: {
    singular: t('Recommended search', '推荐搜索'),
    plural: t('Recommended searches', '推荐搜索'),
  },
  permission: { menu: '/searchManage/recommend_search_list' },
  behaviour: {
    // the marketplace's cached reads of marketing content are forgotten after every write
    hooks: { marketing: ['afterCommit: announceMarketingChange'] },
    screens: {
      'entity-list': 'marketing/marketing-pages RecommendSearchListPage (row action: advertising objects)',
      'entity-form': 'marketing/search-pages RecommendSearchFormPage (marketplace preview)',
    },
  },
  fields: {
    keyword: { kind: 'bilingual', label: t('Keyword', '关键词'), required: 'both', maxLength: 50 },
    sortNo: sortNo(),
    status: enableStatus(),
    // the searches of the last 30 days for the keyword in either language, read from the keyword rollup when
    // the record is read, never stored
    searchCount: counter(t('Searches (30 days)', '近 30 天搜索次数'), {
      list: { sortable: false, width: 130 },
    }),
  },
  search: ['keyword'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'keyword',
});

const objectTypes = [
  { value: 'company', label: t('Company', '企业') },
  { value: 'product', label: t('Product', '产品') },
] as const;

/** An advertising object of a recommended search: a company or a product, shown with the keyword in sort
 * order. A keyword holds at most three (the deployment setting `search.recommendMaxObjects` allows the older
 * five); one more is refused with limitExceed, also when several are added at once. */
export const recommendAdvertising = defineEntity({
  name: 'recommend_advertising',
  labels: {
    singular: t('Advertising object', '推荐广告'),
    plural: t('Advertising objects', '推荐广告'),
  },
  permission: { menu: '/searchManage/recommend_search/recommend_advertising_add/:id' },
  behaviour: {
    // a keyword's objects stay within the deployment's maximum, counted under a lock on the keyword
    // and the marketplace's cached reads are forgotten after every write
    hooks: { marketing: ['afterWrite: checkAdvertisingLimit', 'afterCommit: announceMarketingChange'] },
  },
  fields: {
    recommendSearchId: {
      kind: 'relation',
      label: t('Recommended search', '推荐搜索'),
      to: 'recommend_search',
      labelField: 'keyword',
      required: true,
      readOnlyOnEdit: true,
      list: { filter: 'eq', width: 180 },
    },
    sortNo: sortNo(),
    type: {
      kind: 'enum',
      label: t('Type', '类型'),
      options: objectTypes,
      required: true,
      list: { filter: 'in', width: 100 },
    },
    companyId: targetRelation('company', ['company'], 220),
    productId: targetRelation('product', ['product'], 220),
    // the object's logo and state, read from the company or product when the record is read
    targetLogo: media.image(t('Logo', '标志'), { computed: true, list: { width: 100 } }),
    targetState: targetState(),
  },
  defaultSort: { field: 'sortNo', order: 'asc' },
  labelField: 'type',
  parent: {
    entity: 'recommend_search',
    field: 'recommendSearchId',
    order: 'sortNo',
    max: { setting: 'search.recommendMaxObjects' },
  },
});
