import { counter, defineEntity, enableStatus, sortNo, t } from '../kit';

/** /searchManage/search_top_list: the hot words the marketplace shows under its search box, in both
 * languages, in sort order (a higher number ranks later), each shown only between its start and end dates
 * when they are set. */
export const searchTop = defineEntity({
  name: 'search_top',
  labels: { singular: t('Hot word', '热门搜索'), plural: t('Hot words', '热门搜索') },
  permission: { menu: '/searchManage/search_top_list' },
  behaviour: {
    // a word another live hot word has (either language, case ignored) is refused on its field, checked again
    // under a lock in the write; the marketplace's cached reads of marketing content are forgotten after every write
    hooks: {
      marketing: [
        'beforeWrite: checkHotWord',
        'afterWrite: lockHotWords',
        'afterCommit: announceMarketingChange',
      ],
    },
    screens: { 'entity-form': 'marketing/search-pages HotWordFormPage (marketplace preview)' },
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
    // the searches of the last 30 days for the word in either language, read from the keyword rollup when
    // the record is read, never stored
    searchCount: counter(t('Searches (30 days)', '近 30 天搜索次数'), {
      list: { sortable: false, width: 130 },
    }),
    // a live hot word one of whose words (either language, trimmed, case ignored: as the guard compares) is also
    // another live hot word's: rows duplicated before the guard (imported, or written before it) are marked and
    // found with the filter. Kept by the database on every write of the words (migration 0036's trigger), so a
    // list reads it as a column, never by comparing the table's rows per request.
    duplicate: {
      kind: 'boolean',
      label: t('Duplicate', '重复'),
      default: false,
      computed: true,
      list: { filter: 'eq', width: 90 },
      form: {
        help: t(
          'Another hot word has one of these words; edit or delete one of them',
          '另有热门搜索词使用了相同的词，请修改或删除其中之一',
        ),
      },
    },
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
  // a searched keyword made a hot word from the search history's summary (a new, enabled hot word; the caller
  // also needs the hot-word add permission); offered by that summary's rows, not by the hot words' screens
  commands: {
    fromKeyword: {
      label: t('Make it a hot word', '设为热门搜索词'),
      target: 'entity',
      path: 'from_keyword',
      input: {
        enWord: { kind: 'text', label: t('Word (English)', '热词（英文）'), required: true, maxLength: 50 },
        zhWord: { kind: 'text', label: t('Word (Chinese)', '热词（中文）'), required: true, maxLength: 50 },
      },
      answersResult: true,
      placement: [],
    },
  },
});
