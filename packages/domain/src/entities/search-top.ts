import { counter, defineEntity, enableStatus, sortNo, t } from '../kit';

/** /searchManage/search_top_list: the hot words the marketplace shows under its search box, in both
 * languages, in sort order (a higher number ranks later), each shown only between its start and end dates
 * when they are set. */
export const searchTop = defineEntity({
  name: 'search_top',
  labels: { singular: t('Hot word', '热门搜索'), plural: t('Hot words', '热门搜索') },
  permission: { menu: '/searchManage/search_top_list' },
  behaviour: {
    // the marketplace's cached reads of marketing content are forgotten after every write
    hooks: { marketing: ['afterCommit: announceMarketingChange'] },
  },
  fields: {
    word: { kind: 'bilingual', label: t('Word', '热词'), required: 'both', maxLength: 50 },
    sortNo: sortNo(),
    status: enableStatus(),
    startDate: {
      kind: 'date',
      label: t('Start date', '开始日期'),
      list: { sortable: true, filter: 'range', width: 120 },
    },
    endDate: {
      kind: 'date',
      label: t('End date', '结束日期'),
      list: { sortable: true, filter: 'range', width: 120 },
    },
    // counted from the search history when read (a search for the word in either language), never stored
    searchCount: counter(t('Searches', '搜索次数'), { list: { sortable: false, width: 100 } }),
  },
  rules: [
    {
      kind: 'compare',
      field: 'endDate',
      op: 'gte',
      other: 'startDate',
      message: t('The end date cannot be before the start date', '结束日期不能早于开始日期'),
    },
  ],
  search: ['word'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'word',
});
