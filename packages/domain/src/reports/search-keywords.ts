import { t } from '../kit/bilingual';
import { defineReport } from '../kit/define-entity';

/**
 * The top keywords of the search history (`search_history_list`, its summary): per search keyword (trimmed,
 * lower-cased) and language over a period (default the last 30 days, at most a year; days in the deployment's
 * statistics time zone) the searches, the signed-in users who made them (each counted once over the period),
 * the average results count and the share of searches that found nothing — read from the keyword rollups
 * (`stat_keyword_day`, `stat_keyword_user`). `hotWord` says whether a hot word already has the keyword in either
 * language; staff who may add hot words make one of a row (`search_top`'s `fromKeyword`).
 */
export const searchKeywords = defineReport({
  name: 'search_keyword',
  labels: { singular: t('Top keyword', '热门关键词'), plural: t('Top keywords', '热门关键词') },
  permission: { menu: '/searchManage/search_history_list' },
  fields: {
    keyword: {
      kind: 'text',
      label: t('Keyword', '关键词'),
      list: { sortable: true, width: 220 },
    },
    language: {
      kind: 'enum',
      label: t('Language', '语言'),
      options: [
        { value: 'en', label: t('English', '英文') },
        { value: 'zh', label: t('Chinese', '中文') },
      ],
      list: { filter: 'in', width: 90 },
    },
    searches: { kind: 'integer', label: t('Searches', '搜索次数'), list: { sortable: true, width: 110 } },
    users: { kind: 'integer', label: t('Users', '搜索用户数'), list: { sortable: true, width: 110 } },
    averageResults: {
      kind: 'decimal',
      label: t('Average results', '平均结果数'),
      scale: 1,
      list: { sortable: true, width: 120 },
    },
    zeroShare: {
      kind: 'decimal',
      label: t('No results %', '无结果占比 %'),
      scale: 1,
      list: { sortable: true, width: 120 },
    },
    hotWord: { kind: 'boolean', label: t('Hot word', '已是热词'), list: { width: 100 } },
  },
  // the list's keyword search finds the keywords containing the text (case ignored)
  search: ['keyword'],
  defaultSort: { field: 'searches', order: 'desc' },
  labelField: 'keyword',
  params: { period: { granularity: [] } },
});
